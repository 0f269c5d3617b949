import Foundation
import ReaderSupport

/// A body sent `Content-Encoding: gzip` or `deflate` (reader asks for both), undone as it
/// arrives, in pieces of at most 64 KiB: a gzip bomb costs one piece of memory at a time, and
/// the body limit counts the bytes it expands to.
enum ContentCoding {
    static let bomb = "the compressed body expands past the limit of the body size (a decompression bomb?)"

    /// The decoder a response needs; nil for a body sent as it is.
    static func decoder(for header: String?, url: String) throws -> Zlib.Inflater? {
        let coding = (header ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        switch coding {
        case "", "identity":
            return nil
        case "gzip", "x-gzip", "deflate":
            do {
                return try Zlib.Inflater(acceptingGzip: true)
            } catch {
                throw ReaderError.network(url: url, reason: "cannot undo the body's \(coding) coding (\(error))")
            }
        default:
            throw ReaderError.network(
                url: url, reason: "the body is sent in the '\(coding)' coding, which reader did not ask for and cannot read")
        }
    }

    /// Hands `bytes` to `sink`, decoded when there is a decoder.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, with decoder: Zlib.Inflater?, url: String,
        _ sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard let decoder else { return try sink(bytes) }
        do {
            try decoder.update(bytes, sink)
        } catch let failure as Zlib.Failure {
            throw ReaderError.network(url: url, reason: "the compressed body is not valid (\(failure.description))")
        }
    }
}
