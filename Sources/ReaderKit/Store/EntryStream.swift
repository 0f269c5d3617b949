import Crypto
import DocumentJSON
import ReaderPluginAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of a stored document, read one at a time as its blob inflates: `reader list
/// --limit 3` of an index of a million entries reads the first three and stops, and a
/// filtered list holds only what it keeps, never the whole document.
///
/// A read that reaches the end checks the blob against its name, as ``BlobStore/get(_:)``
/// does; one that stops early cannot, and trusts the entries it read — each a whole JSON
/// object that decoded, from a zlib stream that inflated without error.
struct EntryStream {
    let blobs: BlobStore

    /// Calls `body` with each entry of document blob `id`, in order, until it returns false.
    func forEach(in id: BlobID, _ body: (Entry) throws -> Bool) throws {
        let path = blobs.path(of: id)
        let fd: Int32
        do {
            fd = try FileSystem.openFile(path, O_RDONLY)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
        guard fd >= 0 else { throw ReaderError.damaged(what: "blob \(id)", reason: "missing") }
        defer { close(fd) }
        var splitter = EntrySplitter()
        var hasher = SHA256()
        let inflater: Zlib.Inflater
        do { inflater = try Zlib.Inflater() } catch { throw ReaderError.storage("\(error)") }
        var input = [UInt8](repeating: 0, count: 1 << 16)
        var stopped = false
        var failure: (any Error)?
        do {
            reading: while true {
                let count = input.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw Zlib.Failure(description: String(cString: strerror(errno))) }
                if count == 0 { break }
                try input.withUnsafeBytes { chunk in
                    try inflater.update(UnsafeRawBufferPointer(rebasing: chunk[0..<count])) { piece in
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
                }
                if stopped { break reading }
            }
        } catch {
            throw ReaderError.damaged(what: "blob \(id)", reason: "\(error)")
        }
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
