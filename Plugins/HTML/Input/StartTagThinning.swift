/// Start tags, read as htmlParseStartTag reads them. The attributes the extractor uses are
/// decoded here into ``PreparsedAttributes``, and libxml2 is left the tag with one short
/// attribute, `_=N`, naming the record: it reads attribute values character by character, and
/// on a news page they are a third of what it reads. A tag this cannot read exactly as libxml2
/// would (a name over 100 bytes, a reference it does not follow) is left whole to libxml2.
extension MarkupReader {
    /// Reads the start tag at `open`; drops the body of a script or style that follows.
    /// Returns where to read on, or nil for a tag that runs to the end of the page.
    mutating func startTag(at open: Int) -> Int? {
        let count = bytes.count
        var index = open + 1
        while index < count, MarkupByte.isNameByte(bytes[index]) { index += 1 }
        let name = (open + 1)..<index
        index = bytes.skipBlanks(index)
        // libxml2 cuts names at 100 bytes and reads the rest as another attribute.
        var readable = name.count < 100
        var hasAttributes = false
        let firstRecorded = attributes.attributes.count
        let firstValue = attributes.values.count
        var seen: UInt64 = 0
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { break }
            if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: ">") { break }
            hasAttributes = true
            if MarkupByte.startsName(byte) {
                let nameStart = index
                while index < count, MarkupByte.isNameByte(bytes[index]) { index += 1 }
                if index - nameStart >= 100 { readable = false }
                // The first of two attributes with one name counts, as in libxml2.
                var known = readable ? AttributeName(lowercasing: bytes, nameStart..<index) : nil
                if let name = known {
                    if seen & (1 << name.rawValue) != 0 { known = nil }
                    seen |= 1 << name.rawValue
                }
                index = bytes.skipBlanks(index)
                var value = index..<index
                if index < count, bytes[index] == UInt8(ascii: "=") {
                    index = bytes.skipBlanks(index + 1)
                    guard index < count else { return nil }
                    let quote = bytes[index]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        guard let close = bytes.next(quote, from: index + 1) else { return nil }
                        value = (index + 1)..<close
                        index = close + 1
                    } else {
                        let start = index
                        while index < count, !MarkupByte.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                        value = start..<index
                    }
                }
                if let known, readable {
                    let start = attributes.values.count
                    if AttributeValue.decode(bytes, value, into: &attributes.values) {
                        attributes.attributes.append(
                            Attribute(name: known, start: Int32(start), count: Int32(attributes.values.count - start)))
                    } else {
                        readable = false
                    }
                }
            } else {
                // Not an attribute: libxml2 skips it up to a blank or the end of the tag.
                while index < count, !MarkupByte.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                    !(bytes[index] == UInt8(ascii: "/") && index + 1 < count && bytes[index + 1] == UInt8(ascii: ">"))
                {
                    index += 1
                }
            }
            index = bytes.skipBlanks(index)
        }
        guard index < count else { return nil }
        let selfClosing = bytes[index] == UInt8(ascii: "/")
        let end = index + (selfClosing ? 2 : 1)
        if hasAttributes {
            if readable {
                let recorded = attributes.attributes.count > firstRecorded
                replaceAttributes(name.upperBound..<end, recordFrom: recorded ? firstRecorded : nil, selfClosing)
            } else {
                attributes.attributes.removeSubrange(firstRecorded...)
                attributes.values.removeSubrange(firstValue...)
            }
        }
        if selfClosing { return end }  // `<script/>` has no body
        if let kind = keepsSpaces(name) { preformatted[kind] += 1 }
        if !preformatted.allSatisfy({ $0 == 0 }), outranksPre(name) { preformattedUnsure = true }
        let isScript = bytes.equalsIgnoringCase(name, "script")
        guard isScript || bytes.equalsIgnoringCase(name, "style") else { return end }
        guard let close = rawTextEnd(from: end, script: isScript) else { return nil }
        if !(isScript && namesJSONLD(open..<end)) { drop(end..<close) }
        return close
    }

    /// Whether the tag says `ld+json` anywhere (its type, in practice): found by its `+`.
    private func namesJSONLD(_ tag: Range<Int>) -> Bool {
        var from = tag.lowerBound + 2
        while let plus = bytes.next(UInt8(ascii: "+"), from: from, before: tag.upperBound) {
            if plus >= tag.lowerBound + 2, bytes.startsIgnoringCase(at: plus - 2, with: "ld+json") { return true }
            from = plus + 1
        }
        return false
    }

    /// Writes the tag's end in place of its attributes: ` _=N>` when some were recorded, as
    /// record N, else `>` (or ` />`).
    private mutating func replaceAttributes(_ range: Range<Int>, recordFrom first: Int?, _ selfClosing: Bool) {
        drop(range)
        if let first {
            output.append(0x20)
            output.append(UInt8(ascii: "_"))
            output.append(UInt8(ascii: "="))
            appendDecimal(attributes.records.count)
            attributes.records.append(Int32(first)..<Int32(attributes.attributes.count))
        }
        if selfClosing {
            output.append(0x20)
            output.append(UInt8(ascii: "/"))
        }
        output.append(UInt8(ascii: ">"))
    }

    private mutating func appendDecimal(_ number: Int) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = number
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[9 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 && count < 10
            for index in (10 - count)..<10 { output.append(buffer[index]) }
        }
    }
}
