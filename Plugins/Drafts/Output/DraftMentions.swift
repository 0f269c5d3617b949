import ReaderPluginAPI

/// The other drafts a draft's text names (`draft-ietf-httpbis-semantics-19` in a reference,
/// `draft-nottingham-link-hint` in prose), each with the section it is named in: its `cites`
/// relations to drafts, beside those to RFCs that the RFC layout's reading finds.
enum DraftMentions {
    struct Mention: Hashable {
        /// `draft-NAME-NN` when a version is written, else `draft-NAME`.
        var target: String
        var section: String?
    }

    /// Every mention in `blocks`, once per target and section, in order; `own` (the draft's
    /// name, without version) is left out.
    static func find(in blocks: [Block], own: String) -> [Mention] {
        var found: [Mention] = []
        var seen: Set<Mention> = []
        var section: String?
        func take(_ text: String) {
            for target in targets(in: text) where !(target == own || target.hasPrefix(own + "-") && target.count == own.count + 3) {
                let mention = Mention(target: target, section: section)
                if seen.insert(mention).inserted { found.append(mention) }
            }
        }
        func walk(_ block: Block) {
            switch block {
            case .heading(_, let number, let title):
                if let number { section = number }
                take(title)
            case .list(_, let items): items.forEach { $0.forEach(walk) }
            case .quote(let inner): inner.forEach(walk)
            default: block.plainText.map(take)
            }
        }
        blocks.forEach(walk)
        return found
    }

    /// The draft names in `text`: `draft-` and at least two more hyphenated parts of lowercase
    /// letters and digits (`draft-x.txt` stops at the dot); a last part of two digits is the version.
    static func targets(in text: String) -> [String] {
        let bytes = Array(text.utf8)
        let start = Array("draft-".utf8)
        var out: [String] = []
        var index = 0
        while index + start.count < bytes.count {
            guard bytes[index] == start[0], bytes[index..<(index + start.count)].elementsEqual(start),
                index == 0 || !isNameByte(bytes[index - 1])
            else {
                index += 1
                continue
            }
            var end = index + start.count
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            var name = String(decoding: bytes[index..<end], as: UTF8.self)
            while name.hasSuffix("-") { name.removeLast() }
            let parts = name.split(separator: "-")
            if parts.count >= 3, name.count <= DraftName.longestName {
                if let last = parts.last, last.allSatisfy(\.isNumber), last.count != 2 {
                    // `draft-foo-2020`: not a version; the name is the rest.
                    name = parts.dropLast().joined(separator: "-")
                }
                if name.split(separator: "-").count >= 3 { out.append(name) }
            }
            index = end
        }
        return out
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
    }
}
