/// The page's bytes made safe for libxml2, which stops reading at a NUL byte and switches to
/// Latin-1 at the first invalid UTF-8 sequence (garbling the rest of an almost-UTF-8 page).
enum InputBytes {
    static func prepared(_ bytes: [UInt8], encoding: String) -> [UInt8] {
        var bytes = bytes
        if encoding == Charset.utf8 {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            if String(validating: bytes, as: UTF8.self) == nil {
                // Invalid sequences become U+FFFD, as a browser shows them.
                bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
            }
        }
        if !encoding.hasPrefix("UTF-16"), bytes.contains(0) {
            for index in bytes.indices where bytes[index] == 0 { bytes[index] = 0x20 }
        }
        return bytes
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
