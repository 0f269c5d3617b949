/// Text kept as written (`<pre>`).
enum Preformatted {
    /// The text of a `<pre>`, line breaks and spaces kept; `<br>` becomes a newline.
    static func text(of node: Int32, in dom: DOM) -> String {
        var text = ""
        dom.forEachDescendant(of: node) { child in
            switch dom.tag(child) {
            case .text: text += dom.text(child)
            case .br: text += "\n"
            default: return !dom.tag(child).isOpaque
            }
            return true
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: scalars.append(scalar)
            case 0x0D: continue
            case 0..<0x20, 0x7F, 0x80..<0xA0: scalars.append(" ")
            default: scalars.append(scalar)
            }
        }
        // A newline right after `<pre>` is not content (HTML drops it), nor are blank lines at the ends.
        while let first = scalars.first, first == "\n" { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
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
