import CReaderZlib

/// The bytes of a zlib stream (a blob, as the contract stores it) or of a gzip file (the news
/// pages, kept as the benchmark publishes them), read by the system zlib rather than by the
/// code under test; never more than `limit` bytes.
public enum Inflate {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func bytes(_ compressed: [UInt8], gzip: Bool = false, limit: Int = 1 << 30) throws -> [UInt8] {
        var stream = z_stream()
        // 15 bits of window; +16: a gzip header and trailer around the deflate stream.
        guard inflateInit2_(&stream, gzip ? 15 + 16 : 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "inflateInit2 failed")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let kind = gzip ? "gzip" : "zlib"
        return try compressed.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, out.count - Int(stream.avail_out))
                }
                output += chunk[0..<produced]
                guard output.count <= limit else { throw Failure(description: "expands beyond \(limit) bytes") }
                if status == Z_STREAM_END {
                    guard stream.avail_in == 0 else { throw Failure(description: "bytes after the \(kind) stream") }
                    return output
                }
                guard status == Z_OK || (status == Z_BUF_ERROR && produced > 0) else {
                    throw Failure(description: "not a whole \(kind) stream (zlib status \(status))")
                }
            }
        }
    }
}
