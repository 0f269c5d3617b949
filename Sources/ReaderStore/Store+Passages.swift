import DocumentJSON
import ReaderPluginAPI
import ReaderSupport

extension Store {
    /// Where a passage is in a document blob: its first block, and where that block starts in
    /// the JSON when the index knows it.
    package struct PassagePlace: Equatable {
        package var firstBlock: Int
        var offset: Int?

        package init(firstBlock: Int, offset: Int?) {
            self.firstBlock = firstBlock
            self.offset = offset
        }
    }

    /// Passages of the stored document blob `id`, by their first block (``Passage/firstBlock``),
    /// read again for what a search shows of them (a snippet, a phrase checked): only their own
    /// blocks are decoded, from where they start, and the blob is not hashed
    /// (``BlobStore/unhashedBytes(of:)``). A passage that cannot be read is missing from the
    /// answer.
    package func passages(ofBlob id: BlobID, at places: [PassagePlace], buffer: InflateBuffer) -> [Int: Passage] {
        guard let bytes = try? blobs.unhashedBytes(of: id, into: buffer) else { return [:] }
        var passages: [Int: Passage] = [:]
        for place in places {
            let blocks = try? DocumentCodec.blocks(bytes, from: place.firstBlock, at: place.offset) { head, next in
                if case .post = head { return false }
                return !Passage.ends(next)
            }
            guard let blocks, !blocks.isEmpty else { continue }
            passages[place.firstBlock] = Passage.make(blocks[...], firstBlock: place.firstBlock)
        }
        return passages
    }
}
