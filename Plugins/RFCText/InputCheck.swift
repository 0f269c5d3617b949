import ReaderPluginAPI

/// Turns away input that cannot be an RFC's text before any work is done on it.
enum InputCheck {
    static func admit(_ bytes: [UInt8], module: String) throws {
        let sample = Sample(prefix: bytes.prefix(8192))
        let start = sample.firstSignificantBytes
        guard let first = start.first else {
            throw ParseError(module: module, reason: bytes.isEmpty ? "the input is empty" : "the input holds only white space")
        }
        if let zero = bytes.prefix(8192).firstIndex(of: 0) {
            throw ParseError(module: module, location: "byte \(zero)", reason: "binary data (a NUL byte), not the text of an RFC")
        }
        let controls = sample.prefix.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }.count
        if controls * 20 > sample.prefix.count {
            throw ParseError(module: module, reason: "binary data (control characters), not the text of an RFC")
        }
        if first == 0x3C {  // <
            throw ParseError(module: module, reason: "an HTML or XML page, not the plain text of an RFC")
        }
    }
}
