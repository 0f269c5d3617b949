import ReaderPluginAPI

/// Turns away input that cannot be an RFC's text before any work is done on it.
enum InputCheck {
    static func admit(_ bytes: [UInt8], module: String) throws {
        guard !bytes.isEmpty else { throw ParseError(module: module, reason: "the input is empty") }
        let head = bytes.prefix(8192)
        if let zero = head.firstIndex(of: 0) {
            throw ParseError(module: module, location: "byte \(zero)", reason: "binary data (a NUL byte), not the text of an RFC")
        }
        guard bytes.contains(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }) else {
            throw ParseError(module: module, reason: "the input holds only white space")
        }
        let controls = head.filter { $0 < 0x20 && !(0x09...0x0D).contains($0) }.count
        if controls * 20 > head.count {
            throw ParseError(module: module, reason: "binary data (control characters), not the text of an RFC")
        }
        let start = Sample(prefix: head).firstSignificantBytes.drop { $0 == 0x0B || $0 == 0x0C }
        if start.first == 0x3C {  // <
            throw ParseError(module: module, reason: "an HTML or XML page, not the plain text of an RFC")
        }
    }
}
