import CDeflate

/// Memory one thread inflates blob after blob into: a search reads a dozen documents for its
/// snippets, and memory taken fresh for each (from the system, past a few hundred kilobytes)
/// costs a page fault every four kilobytes it writes, more than inflating them.
package final class InflateBuffer {
    private var memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    private let decompressor = libdeflate_alloc_decompressor()

    package init() {}

    deinit {
        memory.deallocate()
        if let decompressor { libdeflate_free_decompressor(decompressor) }
    }

    /// `stored` (one whole zlib stream) inflated, valid until the next call; nil when it is not
    /// one or inflates to more than `limit` bytes.
    package func inflate(_ stored: [UInt8], limit: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let decompressor else { return nil }
        while true {
            var consumed = 0
            var produced = 0
            let result = stored.withUnsafeBytes { input in
                libdeflate_zlib_decompress_ex(
                    decompressor, input.baseAddress, input.count, memory.baseAddress, memory.count, &consumed, &produced)
            }
            switch result {
            case LIBDEFLATE_SUCCESS where consumed == stored.count:
                return UnsafeBufferPointer(start: memory.baseAddress?.assumingMemoryBound(to: UInt8.self), count: produced)
            case LIBDEFLATE_INSUFFICIENT_SPACE where memory.count < limit:
                let larger = min(limit, memory.count * 4)
                memory.deallocate()
                memory = .allocate(byteCount: larger, alignment: 16)
            default:
                return nil
            }
        }
    }
}
