import Glibc

/// The page's bytes made safe for libxml2, which stops reading at a NUL byte and switches to
/// Latin-1 at the first invalid UTF-8 sequence (garbling the rest of an almost-UTF-8 page).
enum InputBytes {
    static func prepared(_ bytes: [UInt8], encoding: String) -> [UInt8] {
        var bytes = bytes
        if encoding == Charset.utf8 {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            bytes = repairedUTF8(bytes)
        }
        if !encoding.hasPrefix("UTF-16") { replaceNULs(&bytes) }
        return bytes
    }

    /// Invalid UTF-8 sequences replaced by U+FFFD, as a browser shows them; the same array
    /// when there are none. (Done with the standard library's and C's fast paths, not loops.)
    static func repairedUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.withUTF8 { repaired in
            let same = repaired.count == bytes.count
                && bytes.withUnsafeBufferPointer { original in
                    guard let left = original.baseAddress, let right = repaired.baseAddress else { return true }
                    return memcmp(left, right, original.count) == 0
                }
            return same ? bytes : Array(repaired)
        }
    }

    private static func replaceNULs(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0, buffer.count - offset) {
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                buffer[position] = 0x20
                offset = position + 1
            }
        }
    }

    /// Mostly control bytes at the start: an image, an archive, anything but a page.
    static func looksBinary(_ bytes: [UInt8], encoding: String) -> Bool {
        guard !encoding.hasPrefix("UTF-16") else { return false }
        let sample = bytes.prefix(1024)
        guard !sample.isEmpty else { return false }
        let controls = sample.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }.count
        return controls * 10 > sample.count
    }
}
