import CDeflate
import CReaderZlib
import Synchronization

/// zlib streams (RFC 1950), as the contract stores blobs: through the system zlib, and
/// libdeflate for a whole buffer.
package enum Zlib {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    /// Compresses `bytes` at `level` (6 is what `gzip` uses by default) into one zlib stream.
    /// libdeflate, not zlib: the whole buffer at once, two to three times as fast at the same
    /// level, for a stream any zlib reads (a mirror deflates every RFC it stores).
    package static func compress(_ bytes: [UInt8], level: Int32 = 6) throws -> [UInt8] {
        let compressor = try Compressors.take(level: level)
        defer { Compressors.give(compressor, level: level) }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        return try [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = bytes.withUnsafeBytes { input in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
            }
            guard count > 0 else { throw Failure(description: "libdeflate compress failed") }
        }
    }

    /// Decompresses a zlib stream, refusing to produce more than `limit` bytes, so that a
    /// hostile blob (a zlib bomb) cannot exhaust memory. libdeflate inflates it whole into a
    /// buffer of eight times its size (at most `eager`), three times as fast as zlib; a stream
    /// that does not fit goes to zlib, which keeps going past `eager` bytes only to count them,
    /// and inflates a stream that ends within `limit` a second time into a buffer of its exact
    /// size. A bomb costs one buffer of memory; an ordinary blob, one pass.
    package static func decompress(_ bytes: [UInt8], limit: Int, eager: Int = 64 << 20) throws -> [UInt8] {
        if let whole = inflateWhole(bytes, capacity: min(limit, eager, max(bytes.count * 8, 1 << 16))) { return whole }
        var output = [UInt8]()
        output.reserveCapacity(min(limit, eager, max(bytes.count * 4, 4096)))
        var keeping = true
        let total = try inflate(bytes) { chunk, produced in
            if produced > limit { throw Failure(description: "blob expands beyond \(limit) bytes") }
            guard keeping else { return }
            if produced > eager {
                keeping = false
                output = []
            } else {
                output.append(contentsOf: chunk)
            }
        }
        if keeping { return output }
        output.reserveCapacity(total)
        _ = try inflate(bytes) { chunk, _ in output.append(contentsOf: chunk) }
        return output
    }

    /// `bytes` inflated by libdeflate into at most `capacity` bytes, when they are one whole
    /// zlib stream that fits; nil otherwise (zlib then says what is wrong, or needs more room).
    private static func inflateWhole(_ bytes: [UInt8], capacity: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var whole = false
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
            var consumed = 0
            var produced = 0
            let result = bytes.withUnsafeBytes { input in
                libdeflate_zlib_decompress_ex(
                    decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &consumed, &produced)
            }
            whole = result == LIBDEFLATE_SUCCESS && consumed == bytes.count
            count = whole ? produced : 0
        }
        return whole ? output : nil
    }

    /// Inflates `bytes`, handing each piece of output to `sink` with the total produced so far;
    /// returns the total. Throws for anything but one whole zlib stream.
    package static func inflate(_ bytes: [UInt8], _ sink: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws -> Int {
        let inflater = try Inflater()
        try bytes.withUnsafeBytes { input in
            try inflater.update(input) { piece in try sink(piece.assumingMemoryBound(to: UInt8.self), inflater.total) }
        }
        guard inflater.ended else { throw Failure(description: "the zlib stream is cut short (truncated)") }
        return inflater.total
    }
}

extension Zlib {
    /// A zlib stream made piece by piece, for bytes that arrive over time (a download, a
    /// document written as JSON): memory stays at one output chunk whatever the total.
    package final class Deflater {
        private var stream = z_stream()
        private var output = [UInt8](repeating: 0, count: 1 << 16)
        private var open = false

        package init(level: Int32) throws {
            guard deflateInit_(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw Failure(description: "zlib deflateInit failed")
            }
            open = true
        }

        deinit { if open { deflateEnd(&stream) } }

        /// Compresses `bytes`, handing each full piece of output to `sink`.
        package func update(_ bytes: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            // zlib reads at most 4 GiB per call (avail_in is 32 bits).
            var offset = 0
            while offset < bytes.count {
                let length = min(bytes.count - offset, Int(UInt32.max))
                stream.next_in = UnsafeMutablePointer(mutating: base.advanced(by: offset).assumingMemoryBound(to: UInt8.self))
                stream.avail_in = uInt(length)
                try run(Z_NO_FLUSH, sink)
                offset += length
            }
        }

        /// Ends the stream: the last pieces of output, with the checksum.
        package func finish(_ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
            stream.next_in = nil
            stream.avail_in = 0
            try run(Z_FINISH, sink)
            deflateEnd(&stream)
            open = false
        }

        private func run(_ flush: Int32, _ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
            while true {
                let (status, produced) = output.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = deflate(&stream, flush)
                    return (status, out.count - Int(stream.avail_out))
                }
                if produced > 0 { try output.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) } }
                switch status {
                case Z_STREAM_END: return
                case Z_OK, Z_BUF_ERROR:
                    // Without a finish, done once zlib has taken all input and left room in the output.
                    if flush != Z_FINISH && stream.avail_in == 0 && produced < output.count { return }
                default: throw Failure(description: "zlib deflate failed (\(status))")
                }
            }
        }
    }
}

extension Zlib {
    /// A zlib stream undone piece by piece, for a blob read a chunk at a time from its file:
    /// memory stays at one chunk in and one out, and the reader may stop at any point.
    package final class Inflater {
        private var stream = z_stream()
        private var output = [UInt8](repeating: 0, count: 1 << 16)
        private var open = false
        /// Bytes produced so far.
        package private(set) var total = 0
        /// Whether the whole stream has been read.
        package private(set) var ended = false

        /// `acceptingGzip`: a gzip stream is read too (HTTP's `Content-Encoding: gzip`), told
        /// from a zlib one by its header.
        package init(acceptingGzip: Bool = false) throws {
            let windowBits: Int32 = acceptingGzip ? 15 + 32 : 15
            guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw Failure(description: "zlib inflateInit failed")
            }
            open = true
        }

        deinit { if open { inflateEnd(&stream) } }

        /// Inflates `input`, handing each piece of output to `sink`; bytes after the end of the
        /// stream are an error.
        package func update(_ input: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
            guard let base = input.baseAddress, !input.isEmpty else { return }
            guard !ended else { throw Failure(description: "trailing bytes after the zlib stream") }
            stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
            stream.avail_in = uInt(input.count)
            while true {
                let (status, produced) = output.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = CReaderZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, out.count - Int(stream.avail_out))
                }
                total += produced
                if produced > 0 { try output.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) } }
                switch status {
                case Z_STREAM_END:
                    ended = true
                    guard stream.avail_in == 0 else { throw Failure(description: "trailing bytes after the zlib stream") }
                    return
                case Z_OK, Z_BUF_ERROR:
                    if stream.avail_in == 0 && produced < output.count { return }
                    if status == Z_BUF_ERROR && produced == 0 { return }
                case Z_DATA_ERROR:
                    throw Failure(description: "not a valid zlib stream (corrupt data)")
                default:
                    throw Failure(description: "not a complete zlib stream (zlib status \(status))")
                }
            }
        }
    }
}

/// libdeflate's compressors, kept from one ``Zlib/compress(_:level:)`` to the next: one is a
/// few hundred kilobytes of match-finder tables, and a mirror made and freed two a document
/// (its raw bytes and its document's JSON), each a large block from the allocator's one arena.
/// A compressor is used by one thread at a time; a few are kept per level, as many as
/// compress at once on a small machine, and the rest are freed as before.
private enum Compressors {
    /// The most kept for one level.
    static let kept = 4

    /// A compressor's pointer, moved between threads through the pool: a compressor is used
    /// by the one thread that took it, until it gives it back.
    private struct Idle: @unchecked Sendable {
        let compressor: OpaquePointer
    }

    private static let idle = Mutex<[Int32: [Idle]]>([:])

    static func take(level: Int32) throws -> OpaquePointer {
        if let reused = idle.withLock({ $0[level]?.popLast() }) { return reused.compressor }
        guard let made = libdeflate_alloc_compressor(level) else {
            throw Zlib.Failure(description: "cannot make a compressor at level \(level)")
        }
        return made
    }

    static func give(_ compressor: OpaquePointer, level: Int32) {
        let given = Idle(compressor: compressor)
        let keep = idle.withLock { idle -> Bool in
            guard idle[level, default: []].count < kept else { return false }
            idle[level, default: []].append(given)
            return true
        }
        if !keep { libdeflate_free_compressor(compressor) }
    }
}
