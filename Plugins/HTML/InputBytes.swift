/// The page's bytes made safe for libxml2, which stops reading at a NUL byte and switches to
/// Latin-1 at the first invalid UTF-8 sequence (garbling the rest of an almost-UTF-8 page).
enum InputBytes {
    static func prepared(_ bytes: [UInt8], encoding: String) -> [UInt8] {
        var bytes = bytes
        if encoding == Charset.utf8 {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            if !isValidUTF8(bytes) {
                // Invalid sequences become U+FFFD, as a browser shows them.
                bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
            }
        }
        if !encoding.hasPrefix("UTF-16"), bytes.contains(0) {
            for index in bytes.indices where bytes[index] == 0 { bytes[index] = 0x20 }
        }
        return bytes
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
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
            for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            // Overlong forms, surrogates and code points past U+10FFFF.
            let second = bytes[index + 1]
            if byte == 0xE0 && second < 0xA0 { return false }
            if byte == 0xED && second > 0x9F { return false }
            if byte == 0xF0 && second < 0x90 { return false }
            if byte == 0xF4 && second > 0x8F { return false }
            index += length
        }
        return true
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
