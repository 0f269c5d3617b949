#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The page's bytes made safe for libxml2, which stops reading at a NUL byte and switches to
/// Latin-1 at the first invalid UTF-8 sequence (garbling the rest of an almost-UTF-8 page).
enum ByteRepair {
    static func prepared(_ bytes: [UInt8], encoding: String) -> ThinnedPage {
        var bytes = bytes
        if encoding == Charset.utf8 {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            bytes = repairedUTF8(bytes)
            replaceNULs(&bytes)
            return MarkupThinner.thinned(bytes)
        }
        if !encoding.hasPrefix("UTF-16") { replaceNULs(&bytes) }
        return ThinnedPage(bytes: bytes)
    }

    /// Invalid UTF-8 sequences replaced by U+FFFD, as a browser shows them; the same array
    /// when there are none.
    static func repairedUTF8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.withUnsafeBufferPointer(isValidUTF8) { return bytes }
        return Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    /// Checks eight bytes at a time while they are ASCII, which most of a page is.
    static func isValidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = buffer.count
        var index = 0
        while index < count {
            if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let byte = buffer[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return false
            }
            guard index + length <= count else { return false }
            for offset in 1..<length where buffer[index + offset] & 0xC0 != 0x80 { return false }
            // Overlong forms, surrogates and code points past U+10FFFF.
            let second = buffer[index + 1]
            if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F) || (byte == 0xF0 && second < 0x90)
                || (byte == 0xF4 && second > 0x8F)
            {
                return false
            }
            index += length
        }
        return true
    }

    private static func replaceNULs(_ bytes: inout [UInt8]) {
        // Looked for first, so that a page without any (nearly all) is not copied.
        let hasNUL = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 0, buffer.count) != nil } ?? false
        }
        guard hasNUL else { return }
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
