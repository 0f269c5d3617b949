/// The first element of markup, past an XML declaration, comments, processing instructions
/// and a doctype: it tells a page from XML of another kind (a feed, a drawing, a sitemap) that
/// merely contains `<p>` or `<div>` in its escaped or CDATA content.
enum RootElement {
    /// The lowercased name of the first element of `bytes` (already lowercased), and whether
    /// an XML declaration came before it.
    static func find(_ bytes: [UInt8]) -> (name: String, declared: Bool)? {
        var index = 0
        var declared = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                if next == UInt8(ascii: "?"), bytes[index...].starts(with: Array("<?xml".utf8)) { declared = true }
                let close: [UInt8] = bytes[index...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
                guard let end = Self.index(of: close, in: bytes, from: index + 2) else { return nil }
                index = end + close.count
                continue
            }
            let start = index + 1
            var end = start
            while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
            return end > start ? (String(decoding: bytes[start..<end], as: UTF8.self), declared) : nil
        }
        return nil
    }

    /// Roots that are never a web page, with or without an XML declaration.
    static let notPages: Set<String> = ["rss", "feed", "rdf:rdf", "svg", "urlset", "sitemapindex", "opml"]

    /// True when the markup is XML of another kind than a page.
    static func isOtherXML(_ bytes: [UInt8]) -> Bool {
        guard let root = find(bytes) else { return false }
        return notPages.contains(root.name) || (root.declared && root.name != "html")
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    private static func index(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        for position in start...(bytes.count - needle.count) where bytes[position..<(position + needle.count)].elementsEqual(needle) {
            return position
        }
        return nil
    }
}
