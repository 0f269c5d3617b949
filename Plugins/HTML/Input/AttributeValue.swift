/// The attributes ``MarkupReader`` took out of the tags: record N holds those of the tag
/// that libxml2 now sees as `<tag _=N>`.
struct PreparsedAttributes {
    /// The decoded values, end to end.
    var values: [UInt8] = []
    /// Ranges of `values`, record after record.
    var attributes: [Attribute] = []
    /// Where each record is in `attributes`.
    var records: [Range<Int32>] = []

    func record(_ number: Int) -> ArraySlice<Attribute> {
        guard number >= 0, number < records.count else { return [] }
        return attributes[Int(records[number].lowerBound)..<Int(records[number].upperBound)]
    }
}

/// Attribute values decoded as libxml2's htmlParseHTMLAttribute decodes them: character
/// references, the HTML 4 entities (looked up in libxml2's own table) with their `;`, and
/// anything else kept as written, `&amp` without its `;` included. A reference to an invalid
/// character makes libxml2 write a NUL, which ends the value there.
enum AttributeValue {
    /// Appends the value in `range` to `output`; false (and nothing reliable written) for what
    /// libxml2 reads in ways not followed here: names of entities outside ASCII.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout [UInt8]) -> Bool {
        var index = range.lowerBound
        let end = range.upperBound
        var ended = false  // after a NUL
        while index < end {
            // Most values have no `&`: copied in one piece.
            let ampersand = bytes.next(UInt8(ascii: "&"), from: index, before: end) ?? end
            if !ended, ampersand > index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<ampersand])) }
            index = ampersand
            guard index < end else { break }
            let after = index + 1
            guard after < bytes.count else { return false }
            if bytes[after] == UInt8(ascii: "#") {
                let (value, next) = characterReference(bytes, from: after + 1)
                if value == 0 { ended = true } else if !ended { appendUTF8(value, to: &output) }
                index = next
                continue
            }
            let first = bytes[after]
            guard first < 0x80 else { return false }
            guard MarkupByte.isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else {
                if !ended { output.append(UInt8(ascii: "&")) }  // no name: the `&` alone
                index = after
                continue
            }
            var nameEnd = after + 1
            while nameEnd < bytes.count, isEntityNameByte(bytes[nameEnd]) { nameEnd += 1 }
            guard nameEnd < bytes.count, bytes[nameEnd] < 0x80 else { return false }
            if bytes[nameEnd] == UInt8(ascii: ";"), let value = entity(bytes, after..<nameEnd) {
                if !ended { appendUTF8(value, to: &output) }
                index = nameEnd + 1
            } else {
                if !ended { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<nameEnd])) }
                index = nameEnd
            }
        }
        return true
    }

    /// `&#…` read as htmlParseCharRef: digits up to `;` (kept) or to the first other byte;
    /// 0 for a value that is not an XML character. `start` is just after `&#`.
    private static func characterReference(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt32, Int) {
        var index = start
        var value: UInt32 = 0
        let hex = index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "x")
        if hex { index += 1 }
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            let byte = bytes[index]
            let digit: UInt32
            if byte &- 0x30 < 10 {
                digit = UInt32(byte - 0x30)
            } else if hex, (byte | 0x20) &- 0x61 < 6 {
                digit = UInt32((byte | 0x20) - 0x61 + 10)
            } else {
                break
            }
            if value < 0x110000 { value = value * (hex ? 16 : 10) + digit }
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
        let isCharacter =
            value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        return (isCharacter ? value : 0, index)
    }

    private static func isEntityNameByte(_ byte: UInt8) -> Bool {
        MarkupByte.isLetter(byte) || byte &- 0x30 < 10 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    private static func entity(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> UInt32? {
        if name.count == 3, bytes[name.lowerBound] == UInt8(ascii: "a"), bytes[name.lowerBound + 1] == UInt8(ascii: "m"),
            bytes[name.lowerBound + 2] == UInt8(ascii: "p")
        {
            return UInt32(UInt8(ascii: "&"))
        }
        return libxmlEntityValue(Array(bytes[name]))
    }

    static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
        if value < 0x80 {
            output.append(UInt8(value))
        } else if value < 0x800 {
            output.append(UInt8(0xC0 | (value >> 6)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        } else if value < 0x10000 {
            output.append(UInt8(0xE0 | (value >> 12)))
            output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        } else {
            output.append(UInt8(0xF0 | (value >> 18)))
            output.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (value & 0x3F)))
        }
    }
}
