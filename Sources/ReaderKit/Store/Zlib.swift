import CZlib

/// zlib streams (RFC 1950), as the contract stores blobs, through the system zlib.
enum Zlib {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Compresses `bytes` at level 6, the level `gzip` uses by default.
    static func compress(_ bytes: [UInt8], level: Int32 = 6) throws -> [UInt8] {
        var destinationLength = compressBound(uLong(bytes.count))
        var destination = [UInt8](repeating: 0, count: Int(destinationLength))
        let status = destination.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &destinationLength, input.baseAddress, uLong(input.count), level)
            }
        }
        guard status == Z_OK else { throw Failure(description: "zlib compress failed (\(status))") }
        destination.removeSubrange(Int(destinationLength)...)
        return destination
    }

    /// Decompresses a zlib stream, refusing to produce more than `limit` bytes so that a
    /// hostile blob (a zlib bomb) cannot exhaust memory.
    static func decompress(_ bytes: [UInt8], limit: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib inflateInit failed")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8]()
        output.reserveCapacity(min(limit, max(bytes.count * 4, 4096)))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return try bytes.withUnsafeBufferPointer { input -> [UInt8] in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, out.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit { throw Failure(description: "blob expands beyond \(limit) bytes") }
                switch status {
                case Z_STREAM_END:
                    guard stream.avail_in == 0 else { throw Failure(description: "trailing bytes after the zlib stream") }
                    return output
                case Z_OK:
                    continue
                case Z_BUF_ERROR where produced > 0:
                    continue
                default:
                    throw Failure(description: "not a complete zlib stream (\(status))")
                }
            }
        }
    }
}
