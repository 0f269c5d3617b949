/// The `<meta>` tags of a page by key: `property` (Open Graph) and `name`-like keys apart, the
/// first tag of a key winning. Only the keys asked for are kept, so that the many other tags
/// of a page (viewport, descriptions, app ids) cost no more than reading their keys.
struct MetaTags {
    private var properties: [String: String] = [:]
    private var names: [String: String] = [:]

    init(_ metas: [Int32], in dom: borrowing DOM, keeping wanted: Set<String>) {
        for meta in metas {
            var propertyKeys: [String] = []
            var nameKeys: [String] = []
            if let property = dom.attributeBytes(meta, .property) {
                propertyKeys = MetaTags.propertyKeys(property).filter(wanted.contains)
            }
            if let name = dom.attributeBytes(meta, .name) {
                let key = MetaTags.nameKey(name)
                if wanted.contains(key) { nameKeys.append(key) }
            }
            if let itemprop = dom.attribute(meta, .itemprop) {
                let key = "itemprop:" + MetaTags.lowercased(itemprop)
                if wanted.contains(key) { nameKeys.append(key) }
            }
            if let equiv = dom.attribute(meta, .httpEquiv), MetaTags.lowercased(equiv) == "content-language" {
                nameKeys.append("content-language")
            }
            guard !propertyKeys.isEmpty || !nameKeys.isEmpty,
                let content = dom.attribute(meta, .content)?.collapsingWhitespace(), !content.isEmpty
            else { continue }
            for key in propertyKeys where properties[key] == nil { properties[key] = content }
            for key in nameKeys where names[key] == nil { names[key] = content }
        }
    }

    /// The first of `keys` that a tag gives.
    func value(_ keys: [String]) -> String? {
        for key in keys {
            if let found = properties[key] ?? names[key] { return found }
        }
        return nil
    }

    /// `property` is a list: lowercased, split at spaces, tabs and line feeds.
    private static func propertyKeys(_ value: ArraySlice<UInt8>) -> [String] {
        guard value.allSatisfy({ $0 < 0x80 }), !value.contains(0x0D) else {
            let text = String(decoding: value, as: UTF8.self).lowercased()
            return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        }
        return value.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A })
            .map { String(decoding: $0.map(MarkupByte.lowered), as: UTF8.self) }
    }

    /// `name` lowercased, without white space, with `.` read as `:` (`dc.title` is `dc:title`).
    private static func nameKey(_ value: ArraySlice<UInt8>) -> String {
        guard value.allSatisfy({ $0 < 0x80 }) else {
            let text = String(decoding: value, as: UTF8.self).lowercased()
            return String(text.filter { !$0.isWhitespace }.map { $0 == "." ? ":" : $0 })
        }
        var key: [UInt8] = []
        key.reserveCapacity(value.count)
        for byte in value where !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
            key.append(byte == UInt8(ascii: ".") ? UInt8(ascii: ":") : MarkupByte.lowered(byte))
        }
        return String(decoding: key, as: UTF8.self)
    }

    private static func lowercased(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? String(decoding: text.utf8.map(MarkupByte.lowered), as: UTF8.self) : text.lowercased()
    }
}
