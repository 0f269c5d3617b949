import ReaderPluginAPI

/// A small XML reader for feeds and outline lists: elements, attributes, text and CDATA, the
/// five predefined entities and character references, one event at a time, so a feed of a
/// hundred thousand entries is never held as a tree. A DOCTYPE is skipped whole and the
/// entities it declares are never expanded: no entity expansion, no external fetch, so the
/// "billion laughs" and XXE have nothing to work with.
struct XMLScanner {
    enum Event {
        /// An element opens: its local name (the part after a namespace prefix, lower-cased,
        /// `dc:creator` → `creator`) and its attributes by local name.
        case start(name: String, attributes: [String: String])
        case end(name: String)
        case text(String)
    }

    private let bytes: [UInt8]
    private let module: String
    private let latin1: Bool
    private var position = 0
    private var open: [String] = []

    init(_ bytes: [UInt8], module: String) {
        self.bytes = bytes
        self.module = module
        latin1 = Self.declaresLatin1(bytes)
    }

    /// Calls `handle` with each event in document order; throws a ``ParseError`` naming the line
    /// where the markup is not well formed (a tag left open at the end: a cut download).
    mutating func scan(_ handle: (Event) throws -> Void) throws {
        var sawRoot = false
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
                if !open.isEmpty { try handle(.text(decodeEntities(start, position))) }
                continue
            }
            if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<![CDATA[") {
                let start = position + 9
                try skip(past: "]]>", what: "a CDATA section")
                if !open.isEmpty { try handle(.text(string(start, position - 3))) }
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts(with: "<!") {
                try skipDeclaration()
            } else if starts(with: "</") {
                position += 2
                let name = readName()
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                    throw failure("not well-formed XML: </\(name) is not closed with >")
                }
                position += 1
                guard let last = open.last else { throw failure("not well-formed XML: </\(name)> closes nothing") }
                guard last == name else { throw failure("not well-formed XML: </\(name)> closes <\(last)>") }
                open.removeLast()
                try handle(.end(name: Self.localName(name)))
            } else {
                position += 1
                let name = readName()
                guard !name.isEmpty else { throw failure("not well-formed XML: a < that opens no element") }
                if open.isEmpty && sawRoot { throw failure("not well-formed XML: a second root element <\(name)>") }
                sawRoot = true
                let (attributes, closed) = try readAttributes(of: name)
                try handle(.start(name: Self.localName(name), attributes: attributes))
                if closed {
                    try handle(.end(name: Self.localName(name)))
                } else {
                    open.append(name)
                }
            }
        }
        if let last = open.last { throw failure("not well-formed XML: it ends inside <\(last)>") }
        if !sawRoot { throw ParseError(module: module, reason: "no XML element in the input") }
    }

    // MARK: - Pieces

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { prefix in
            for index in 0..<count where bytes[position + index] != prefix[index] { return false }
            return true
        }
    }

    private mutating func skip(past terminator: StaticString, what: String) throws {
        let count = terminator.utf8CodeUnitCount
        let first = terminator.withUTF8Buffer { $0[0] }
        var index = position + 2
        while index + count <= bytes.count {
            if bytes[index] == first {
                let matches = terminator.withUTF8Buffer { end in (0..<count).allSatisfy { bytes[index + $0] == end[$0] } }
                if matches {
                    position = index + count
                    return
                }
            }
            index += 1
        }
        throw failure("not well-formed XML: \(what) is never closed")
    }

    /// `<!DOCTYPE …>` with its internal subset in brackets: skipped, never read for entities.
    private mutating func skipDeclaration() throws {
        var depth = 0
        var quote: UInt8?
        var index = position + 2
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                position = index + 1
                return
            }
            index += 1
        }
        throw failure("not well-formed XML: a <! declaration is never closed")
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        return string(start, position)
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private mutating func readAttributes(of element: String) throws -> ([String: String], closed: Bool) {
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard position < bytes.count else { throw failure("not well-formed XML: it ends inside <\(element)") }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return (attributes, false)
            }
            if starts(with: "/>") {
                position += 2
                return (attributes, true)
            }
            let name = readName()
            guard !name.isEmpty else { throw failure("not well-formed XML: a stray character in <\(element)>") }
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw failure("not well-formed XML: the attribute \(name) of <\(element)> has no value")
            }
            position += 1
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw failure("not well-formed XML: the attribute \(name) of <\(element)> is not quoted")
            }
            let quote = bytes[position]
            position += 1
            let start = position
            while position < bytes.count, bytes[position] != quote { position += 1 }
            guard position < bytes.count else { throw failure("not well-formed XML: it ends inside <\(element)") }
            attributes[Self.localName(name)] = decodeEntities(start, position)
            position += 1
        }
    }

    /// The text between two offsets with `&lt;` and friends and `&#…;` decoded; an entity of
    /// any other name is kept as written (a DTD's entities are never expanded).
    private func decodeEntities(_ start: Int, _ end: Int) -> String {
        var index = start
        var out = ""
        var run = start
        while index < end {
            guard bytes[index] == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            var semicolon = index + 1
            while semicolon < end, semicolon - index < 12, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
            guard semicolon < end, bytes[semicolon] == UInt8(ascii: ";"),
                let decoded = Self.entity(string(index + 1, semicolon))
            else {
                index += 1
                continue
            }
            out += string(run, index)
            out += decoded
            index = semicolon + 1
            run = index
        }
        out += string(run, end)
        return out
    }

    static func entity(_ name: String) -> String? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        let value: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            value = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
            value = UInt32(name.dropFirst())
        } else {
            return nil
        }
        // A reference to NUL or a surrogate is no character: U+FFFD, as a browser shows it.
        guard let value else { return nil }
        return String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}")
    }

    private func string(_ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        let slice = bytes[start..<end]
        if latin1 { return String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) })) }
        return String(decoding: slice, as: UTF8.self)
    }

    private func failure(_ reason: String) -> ParseError {
        var line = 1
        for byte in bytes[..<min(position, bytes.count)] where byte == 0x0A { line += 1 }
        return ParseError(module: module, location: "line \(line)", reason: reason)
    }

    static func localName(_ name: String) -> String {
        let local = name.lastIndex(of: ":").map { name[name.index(after: $0)...] } ?? Substring(name)
        return local.lowercased()
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "=")
            && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }

    /// `<?xml version="1.0" encoding="ISO-8859-1"?>`: the one other encoding feeds still use.
    private static func declaresLatin1(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return false }
        let declaration = bytes.prefix(200).prefix { $0 != UInt8(ascii: ">") }
        let text = String(decoding: declaration, as: UTF8.self).lowercased()
        return text.contains("iso-8859-1") || text.contains("latin1") || text.contains("windows-1252")
    }

    /// The local name of the first element, lower-cased, for recognition; nil when the bytes
    /// do not start with markup.
    static func rootName(_ bytes: ArraySlice<UInt8>) -> String? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "<") else {
                if isSpace(bytes[index]) {
                    index += 1
                    continue
                }
                return nil
            }
            let next = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                // A declaration, comment or DOCTYPE: past its `>` (a DOCTYPE's subset is rare in feeds).
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                index = close + 1
                continue
            }
            var end = index + 1
            while end < bytes.endIndex, isNameByte(bytes[end]) { end += 1 }
            return localName(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
        }
        return nil
    }
}
