/// One line of the input: where its text lies in ``SourceText/bytes``.
struct TextLine: Hashable, Sendable {
    enum Kind: UInt8, Sendable {
        case text
        /// A form feed: the page ends here.
        case formFeed
        /// Stands where page furniture was removed between two blocks.
        case pageGap
    }

    /// The first byte of the line, indentation included.
    var start: Int
    /// Just after the last byte that is not white space.
    var end: Int
    /// Leading spaces.
    var indent: Int
    var kind: Kind

    static let formFeed = TextLine(start: 0, end: 0, indent: 0, kind: .formFeed)
    static let pageGap = TextLine(start: 0, end: 0, indent: 0, kind: .pageGap)

    var isBlank: Bool { kind != .text || start + indent >= end }
    var contentStart: Int { start + indent }
    /// Columns from the left margin to the last character (bytes, which is the same in ASCII).
    var width: Int { end - start }
}

/// The input decoded once into bytes and cut into lines; every later stage points into it.
struct SourceText: Sendable {
    let bytes: [UInt8]
    let lines: [TextLine]

    init(_ raw: [UInt8], charset: String? = nil) {
        var bytes = raw
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let charset, Self.latin1Names.contains(charset.lowercased()) { bytes = Self.utf8(fromLatin1: bytes) }
        let (stray, tabs) = Self.controlBytes(in: bytes)
        if stray { bytes.removeAll(where: Self.isStray) }
        // Columns matter (centring, drawings), so tabs become the spaces a terminal would show.
        if tabs { bytes = Self.expandingTabs(bytes) }
        self.bytes = bytes
        self.lines = Self.cut(bytes)
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The line without its indentation.
    func content(_ line: TextLine) -> String { string(line.contentStart..<line.end) }

    /// Whether the line's text starts with `prefix`, ignoring ASCII case.
    func hasPrefix(_ line: TextLine, _ prefix: [UInt8], at offset: Int? = nil) -> Bool {
        let from = offset ?? line.contentStart
        guard line.end - from >= prefix.count else { return false }
        for (index, byte) in prefix.enumerated() where ASCII.lowercased(bytes[from + index]) != ASCII.lowercased(byte) {
            return false
        }
        return true
    }

    /// The text with white space collapsed (and lowercased, for comparing titles).
    func key(_ range: Range<Int>, lowercase: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var pendingSpace = false
        for index in range {
            let byte = bytes[index]
            if byte == ASCII.space {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(ASCII.space) }
                pendingSpace = false
                out.append(lowercase ? ASCII.lowercased(byte) : byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    func key(_ line: TextLine) -> String { key(line.contentStart..<line.end) }

    /// Control bytes other than tab, line feed and form feed: stray NULs of old files, carriage
    /// returns, backspaces, escapes. Dropped, so that they never reach a terminal and never
    /// count as a column.
    private static func isStray(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0C) || byte == 0x7F
    }

    /// Whether `bytes` hold stray control bytes, and tabs. Most texts hold neither, so a first
    /// pass only asks whether any control byte but a line or page break is there, as one
    /// branch-free reduction (a byte an instruction; `SIMD16` masks combined with `.&` compiled
    /// to fifty times that); the loop that tells the two apart runs only when one is there.
    private static func controlBytes(in bytes: [UInt8]) -> (stray: Bool, tabs: Bool) {
        let any = bytes.withUnsafeBufferPointer { buffer in
            var found: UInt8 = 0
            for byte in buffer {
                let control: UInt8 = byte < 0x20 && byte != 0x0A && byte != 0x0C ? 1 : 0
                found |= control | (byte == 0x7F ? 1 : 0)
            }
            return found != 0
        }
        guard any else { return (false, false) }
        var stray = false
        var tabs = false
        for byte in bytes where byte < 0x20 || byte == 0x7F {
            if byte == 0x09 {
                tabs = true
            } else if isStray(byte) {
                stray = true
            }
        }
        return (stray, tabs)
    }

    private static let latin1Names: Set<String> = ["iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "windows-1252", "cp1252"]

    private static func utf8(fromLatin1 bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
            } else {
                out.append(0xC0 | (byte >> 6))
                out.append(0x80 | (byte & 0x3F))
            }
        }
        return out
    }

    private static func expandingTabs(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var column = 0
        for byte in bytes {
            switch byte {
            case 0x09:
                let spaces = 8 - column % 8
                out.append(contentsOf: repeatElement(ASCII.space, count: spaces))
                column += spaces
            case 0x0A, 0x0C:
                out.append(byte)
                column = 0
            default:
                out.append(byte)
                if byte & 0xC0 != 0x80 { column += 1 }
            }
        }
        return out
    }

    private static func cut(_ bytes: [UInt8]) -> [TextLine] {
        var lines: [TextLine] = []
        lines.reserveCapacity(bytes.count / 40 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var lineStart = 0
            var index = 0
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A || byte == 0x0C {
                    if byte == 0x0A || index > lineStart { lines.append(line(buffer, lineStart, index)) }
                    if byte == 0x0C {
                        lines.append(.formFeed)
                        // A form feed usually sits alone on its line: its newline ends nothing more.
                        if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    }
                    lineStart = index + 1
                }
                index += 1
            }
            if lineStart < count { lines.append(line(buffer, lineStart, count)) }
        }
        return lines
    }

    private static func line(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> TextLine {
        var first = start
        while first < end, buffer[first] == ASCII.space { first += 1 }
        var last = end
        while last > first, buffer[last - 1] <= ASCII.space { last -= 1 }
        if last == first { return TextLine(start: start, end: start, indent: 0, kind: .text) }
        return TextLine(start: start, end: last, indent: first - start, kind: .text)
    }
}
