import Crypto
import DocumentJSON
import ReaderJSON
import ReaderPluginAPI
import ReaderSupport

/// The entries of a stored document, read one at a time as its blob inflates: `reader list
/// --limit 3` of an index of a million entries reads the first three and stops, and a
/// filtered list holds only what it keeps, never the whole document.
///
/// A read that reaches the end checks the blob against its name, as ``BlobStore/get(_:)``
/// does; one that stops early cannot, and trusts the entries it read — each a whole JSON
/// object that decoded, from a zlib stream that inflated without error.
package struct EntryStream {
    let blobs: BlobStore

    package init(blobs: BlobStore) { self.blobs = blobs }

    /// Calls `body` with each entry of document blob `id`, in order, until it returns false.
    package func forEach(in id: BlobID, _ body: (Entry) throws -> Bool) throws {
        var splitter = EntrySplitter()
        var hasher = SHA256()
        var stopped = false
        var failure: (any Error)?
        let inflater: Zlib.Inflater
        do { inflater = try Zlib.Inflater() } catch { throw ReaderError.storage("\(error)") }
        let read: Int?
        do {
            // zlib never stores more than ~0.03% over the bytes, as for `BlobStore.get`.
            read = try FileSystem.read(blobs.path(of: id), limit: blobs.readLimit + blobs.readLimit / 1000 + 64) { chunk in
                try inflater.update(chunk) { piece in
                    guard !stopped else { return }
                    if inflater.total > blobs.readLimit {
                        throw Zlib.Failure(description: "blob expands beyond \(blobs.readLimit) bytes")
                    }
                    hasher.update(bufferPointer: piece)
                    splitter.feed(piece) { json in
                        guard !stopped else { return }
                        do {
                            stopped = try !body(try DocumentCodec.decodeEntry(json))
                        } catch {
                            failure = error
                            stopped = true
                        }
                    }
                }
                return !stopped
            }
        } catch let error as FileSystem.Failure where error.isLink {
            throw error.readerError
        } catch {
            throw ReaderError.damaged(what: "blob \(id)", reason: "\(error)")
        }
        guard read != nil else { throw ReaderError.damaged(what: "blob \(id)", reason: "missing") }
        if let failure {
            if failure is ReaderError { throw failure }
            throw ReaderError.damaged(what: "document blob \(id)", reason: "an entry that is not one (\(failure))")
        }
        if stopped { return }
        guard inflater.ended else { throw ReaderError.damaged(what: "blob \(id)", reason: "the zlib stream is cut short (truncated)") }
        guard BlobID(digest: hasher.finalize()) == id else {
            throw ReaderError.damaged(what: "blob \(id)", reason: "content does not match its hash")
        }
    }
}

/// Finds the members of the top-level `"entries"` array of a document's JSON as its bytes
/// come, in pieces cut anywhere.
struct EntrySplitter {
    private var shape = JSONShape()
    /// 0: before the entries array; 1: inside it; 2: after it.
    private var phase = 0
    private var awaitingArray = false
    private var element: [UInt8] = []

    private static let entriesKey = Array("entries".utf8)

    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: ([UInt8]) -> Void) {
        for byte in bytes {
            guard phase < 2 else { return }
            // Inside an element (the array is at depth 2, its members deeper): kept.
            let inElement = phase == 1 && shape.depth >= 3
            if inElement { element.append(byte) }
            switch shape.take(byte) {
            case .opened:
                if shape.depth == 2 && awaitingArray && byte == UInt8(ascii: "[") { phase = 1 }
                awaitingArray = false
                if phase == 1 && shape.depth == 3 && !inElement { element = [byte] }
            case .closed:
                if phase == 1 && shape.depth == 2 && !element.isEmpty {
                    emit(element)
                    element.removeAll(keepingCapacity: true)
                }
                if phase == 1 && shape.depth == 1 { phase = 2 }
            case .colon:
                if shape.depth == 1 { awaitingArray = shape.key == Self.entriesKey }
            case .comma:
                awaitingArray = false
            case .keyEnded, .none:
                break
            }
        }
    }
}
