/// Text kept as written (`<pre>`).
enum Preformatted {
    /// The text of a `<pre>`, line breaks and spaces kept; `<br>` becomes a newline.
    static func text(of node: Int32, in dom: DOM) -> String {
        var bytes: [UInt8] = []
        dom.forEachDescendant(of: node) { child in
            switch dom.tag(child) {
            case .text: bytes.append(contentsOf: dom.textBytes(child))
            case .br: bytes.append(0x0A)
            default: return !dom.tag(child).isOpaque
            }
            return true
        }
        // Control characters must not reach a terminal: tabs and newlines stay, the rest are spaces.
        var cleaned: [UInt8] = []
        cleaned.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                index += 1
                continue
            }
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
                cleaned.append(0x20)
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] >= 0x80, bytes[index + 1] < 0xA0 {
                cleaned.append(0x20)  // a C1 control character
                index += 1
            } else {
                cleaned.append(byte)
            }
            index += 1
        }
        // A newline right after `<pre>` is not content (HTML drops it), nor are blank lines at the ends.
        let start = cleaned.firstIndex { $0 != 0x0A } ?? cleaned.count
        var end = cleaned.count
        while end > start, [0x20, 0x0A, 0x09].contains(cleaned[end - 1]) { end -= 1 }
        return String(decoding: cleaned[start..<end], as: UTF8.self)
    }

    /// `language-swift` or `lang-swift` on the `<pre>` or the `<code>` inside it.
    static func language(of node: Int32, in dom: DOM) -> String? {
        var owners = [node]
        if let first = dom.elementChildren(node).first, dom.tag(first) == .code { owners.append(first) }
        for owner in owners {
            let classes = String(decoding: dom.className(owner), as: UTF8.self).split(separator: " ")
            for name in classes {
                for prefix in ["language-", "lang-"] where name.hasPrefix(prefix) && name.count > prefix.count {
                    return String(name.dropFirst(prefix.count))
                }
            }
        }
        return nil
    }
}
