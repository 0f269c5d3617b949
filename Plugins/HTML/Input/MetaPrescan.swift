/// The WHATWG "prescan a byte stream to determine its encoding": the first `<meta charset>`,
/// or `<meta http-equiv="Content-Type" content="…charset=…">`, outside comments and outside
/// other tags' attribute values, in attributes in any order.
enum MetaPrescan {
    /// The libxml2 name of the encoding declared in `bytes`; nil when there is none, or only
    /// labels that cannot be decoded.
    static func encoding(_ bytes: ArraySlice<UInt8>) -> String? {
        var scanner = Scanner(bytes: Array(bytes))
        return scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        private static func isSpace(_ byte: UInt8) -> Bool { [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(byte) }
        private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
        private static func lowered(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

        private func startsWith(_ text: String, caseInsensitive: Bool = false) -> Bool {
            let needle = Array(text.utf8)
            guard position + needle.count <= bytes.count else { return false }
            for (offset, byte) in needle.enumerated() {
                let found = bytes[position + offset]
                if (caseInsensitive ? Self.lowered(found) : found) != byte { return false }
            }
            return true
        }

        mutating func run() -> String? {
            while position < bytes.count {
                if startsWith("<!--") {
                    // To the ">" of the first "-->" (whose dashes may be those of "<!--").
                    position += 2
                    while position + 2 < bytes.count,
                        !(bytes[position] == 0x2D && bytes[position + 1] == 0x2D && bytes[position + 2] == 0x3E)
                    {
                        position += 1
                    }
                    position += 2
                } else if startsWith("<meta", caseInsensitive: true), position + 5 < bytes.count,
                    Self.isSpace(bytes[position + 5]) || bytes[position + 5] == 0x2F
                {
                    position += 5
                    if let found = meta() { return found }
                } else if bytes[position] == 0x3C, position + 1 < bytes.count,
                    Self.isLetter(bytes[position + 1])
                        || (bytes[position + 1] == 0x2F && position + 2 < bytes.count && Self.isLetter(bytes[position + 2]))
                {
                    // Another tag: its attributes are skipped, so that a value cannot pass for a tag.
                    while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != 0x3E { position += 1 }
                    while attribute() != nil {}
                } else if startsWith("<!") || startsWith("</") || startsWith("<?") {
                    while position < bytes.count, bytes[position] != 0x3E { position += 1 }
                }
                position += 1
            }
            return nil
        }

        /// The attributes of one `<meta>`; its encoding when they declare one.
        private mutating func meta() -> String? {
            var seen: Set<[UInt8]> = []
            var gotPragma = false
            var needPragma: Bool?
            var charset: String?
            while let (name, value) = attribute() {
                guard seen.insert(name).inserted else { continue }
                switch String(decoding: name, as: UTF8.self) {
                case "http-equiv":
                    if value == Array("content-type".utf8) { gotPragma = true }
                case "content":
                    if charset == nil, let label = Self.charsetInContent(value) {
                        charset = Charset.usable(label)
                        needPragma = true
                    }
                case "charset":
                    charset = Charset.usable(String(decoding: value, as: UTF8.self))
                    needPragma = false
                default: break
                }
            }
            guard let needPragma, !needPragma || gotPragma else { return nil }
            return charset
        }

        /// "Get an attribute": a lowercased name and value, or nil at the tag's `>` or the end.
        private mutating func attribute() -> (name: [UInt8], value: [UInt8])? {
            while position < bytes.count, Self.isSpace(bytes[position]) || bytes[position] == 0x2F { position += 1 }
            guard position < bytes.count, bytes[position] != 0x3E else { return nil }
            var name: [UInt8] = []
            // The name.
            while true {
                guard position < bytes.count else { return nil }
                let byte = bytes[position]
                if byte == 0x3D, !name.isEmpty {
                    position += 1
                    return readValue(name)
                }
                if Self.isSpace(byte) { break }
                if byte == 0x2F || byte == 0x3E { return (name, []) }
                name.append(Self.lowered(byte))
                position += 1
            }
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { return nil }
            guard bytes[position] == 0x3D else { return (name, []) }
            position += 1
            return readValue(name)
        }

        private mutating func readValue(_ name: [UInt8]) -> (name: [UInt8], value: [UInt8])? {
            var value: [UInt8] = []
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { return nil }
            let first = bytes[position]
            if first == 0x22 || first == 0x27 {
                while true {
                    position += 1
                    guard position < bytes.count else { return nil }
                    if bytes[position] == first {
                        position += 1
                        return (name, value)
                    }
                    value.append(Self.lowered(bytes[position]))
                }
            }
            if first == 0x3E { return (name, value) }
            while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != 0x3E {
                value.append(Self.lowered(bytes[position]))
                position += 1
            }
            return position < bytes.count ? (name, value) : nil
        }

        /// "Extract a character encoding from a meta element": the label after `charset=` in
        /// a `content` value (already lowercased).
        static func charsetInContent(_ content: [UInt8]) -> String? {
            let word = Array("charset".utf8)
            var position = 0
            while true {
                guard let found = find(word, in: content, from: position) else { return nil }
                position = found + word.count
                while position < content.count, isSpace(content[position]) { position += 1 }
                guard position < content.count, content[position] == 0x3D else { continue }
                position += 1
                while position < content.count, isSpace(content[position]) { position += 1 }
                guard position < content.count else { return nil }
                let first = content[position]
                if first == 0x22 || first == 0x27 {
                    guard let close = content[(position + 1)...].firstIndex(of: first) else { return nil }
                    return String(decoding: content[(position + 1)..<close], as: UTF8.self)
                }
                var end = position
                while end < content.count, !isSpace(content[end]), content[end] != 0x3B { end += 1 }
                return String(decoding: content[position..<end], as: UTF8.self)
            }
        }

        private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
            guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
            for index in start...(haystack.count - needle.count) where haystack[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            return nil
        }
    }
}
