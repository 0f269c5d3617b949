import ReaderPluginAPI

/// Turns away input that cannot be an RFC's text before any work is done on it.
enum InputCheck {
    static func admit(_ bytes: [UInt8], module: String) throws {
        guard !bytes.isEmpty else { throw ParseError(module: module, reason: "the input is empty") }
        let head = bytes.prefix(8192)
        // A stray NUL or other control byte is no reason to refuse: real RFCs carry them (RFC 774
        // has three NULs after a form feed), and ``SourceText`` drops them. Only text that is
        // mostly control bytes is binary.
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
