import DocumentJSON
import ReaderPluginAPI

extension Store {
    /// Passages of the stored document blob `id`, by their first block (``Passage/firstBlock``),
    /// read again for what a search shows of them (a snippet, a phrase checked): only their own
    /// blocks are decoded, and the blob is not hashed (``BlobStore/unhashedBytes(of:)``). A
    /// passage that cannot be read is missing from the answer.
    func passages(ofBlob id: BlobID, at firstBlocks: [Int]) -> [Int: Passage] {
        guard let bytes = try? blobs.unhashedBytes(of: id) else { return [:] }
        var passages: [Int: Passage] = [:]
        for first in firstBlocks {
            let blocks = try? DocumentCodec.blocks(bytes, from: first) { head, next in
                if case .post = head { return false }
                return !Passage.ends(next)
            }
            guard let blocks, !blocks.isEmpty else { continue }
            passages[first] = Passage.make(blocks[...], firstBlock: first)
        }
        return passages
    }
}
