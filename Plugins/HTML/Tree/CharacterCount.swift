/// Character counts of one text node, taken as the parser makes it, as Readability measures
/// text (white-space runs count once): the measures of whole subtrees add these up.
enum CharacterCount {
    static func measure(_ text: UnsafeBufferPointer<UInt8>, into node: inout Node) {
        var length: Int32 = 0
        var commas: Int32 = 0
        var inSpace = false
        var blank = true
        var index = 0
        let count = text.count
        node.leadingSpace = count > 0 && SpaceCollapser.spaceWidth(text, at: 0) > 0
        while index < count {
            // Eight ASCII bytes at a time, without branches: adding 0x5F to a byte under 0x80
            // carries into its top bit exactly when it is above the space (no carry crosses
            // bytes), and adding 0x7F to a byte under 0x80 does so exactly when it is not 0.
            if index + 8 <= count, let base = text.baseAddress {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                if word & high == 0 {
                    let control = ~(word &+ 0x5F5F_5F5F_5F5F_5F5F) & high
                    let delete = ~((word ^ 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) & high
                    let comma = ~((word ^ 0x2C2C_2C2C_2C2C_2C2C) &+ 0x7F7F_7F7F_7F7F_7F7F) & high
                    let space = control | delete
                    let runStart = space & ~((space << 8) | (inSpace ? 0x80 : 0))
                    let spaces = space.nonzeroBitCount
                    length += Int32(8 - spaces + runStart.nonzeroBitCount)
                    commas += Int32(comma.nonzeroBitCount)
                    if spaces < 8 { blank = false }
                    inSpace = space >> 63 != 0
                    index += 8
                    continue
                }
            }
            let byte = text[index]
            if byte &- 0x21 < 0x5E, byte != 0x2C {  // printable ASCII but a comma: most bytes
                inSpace = false
                blank = false
                length += 1
                index += 1
                continue
            }
            if byte < 0x80 {  // the rest of ASCII: no need to look further
                if byte <= 0x20 || byte == 0x7F {
                    if !inSpace { length += 1 }
                    inSpace = true
                } else {
                    inSpace = false
                    blank = false
                    length += 1
                    if byte == 0x2C { commas += 1 }
                }
                index += 1
                continue
            }
            let space = SpaceCollapser.spaceWidth(text, at: index)
            if space > 0 {
                if !inSpace { length += 1 }
                inSpace = true
                index += space
                continue
            }
            inSpace = false
            blank = false
            if byte & 0xC0 != 0x80 { length += 1 }
            if (byte == 0xEF && index + 2 < count && text[index + 1] == 0xBC && text[index + 2] == 0x8C)  // ，
                || (byte == 0xD8 && index + 1 < count && text[index + 1] == 0x8C)  // ،
            {
                commas += 1
            }
            index += 1
        }
        node.length = length
        node.commas = commas
        node.blank = blank
        node.trailingSpace = inSpace
    }
}
