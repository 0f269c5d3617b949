import CReaderZlib
import Crypto
import Foundation
import ReaderTestSupport

/// Blobs as the contract defines them, computed here without `reader`'s code: the name is the
/// lowercase hex SHA-256 of the bytes, the file `objects/ab/cdef…` a zlib stream of them.
enum ContractBlobs {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func name(of bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    static func isName(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    static func path(_ root: String, _ name: String) -> String {
        "\(root)/objects/\(name.prefix(2))/\(name.dropFirst(2))"
    }

    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        _ = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, uLong($0.count), level) }
        }
        return Array(output.prefix(Int(length)))
    }

    /// A zlib bomb: a valid stream of `size` zero bytes, about a thousandth of that on disk,
    /// made a megabyte at a time so the test never holds the expanded bytes.
    static func bomb(expandingTo size: Int) -> [UInt8] {
        var stream = z_stream()
        _ = deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var remaining = size
        repeat {
            let piece = min(remaining, zeros.count)
            remaining -= piece
            let flush = remaining == 0 ? Z_FINISH : Z_NO_FLUSH
            zeros.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(piece)
                repeat {
                    let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        _ = deflate(&stream, flush)
                        return out.count - Int(stream.avail_out)
                    }
                    output += chunk[0..<produced]
                } while stream.avail_out == 0 || stream.avail_in > 0
            }
        } while remaining > 0
        return output
    }

    /// The bytes of a zlib stream, or a failure saying why it is not one; never more than `limit`.
    static func inflate(_ stored: [UInt8], limit: Int = 1 << 30) throws -> [UInt8] {
        try Inflate.bytes(stored, limit: limit)
    }

    /// Writes `bytes` as a blob of `root` (as an outside process could), returning its name.
    @discardableResult
    static func plant(_ bytes: [UInt8], in root: String, as name: String? = nil, stored: [UInt8]? = nil) throws -> String {
        let name = name ?? self.name(of: bytes)
        let path = path(root, name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(stored ?? compress(bytes)).write(to: URL(fileURLWithPath: path))
        return name
    }
}
