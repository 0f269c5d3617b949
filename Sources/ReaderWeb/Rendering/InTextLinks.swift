/// The links a document's text makes by its words: every document it names by a module's label
/// (through ``KeyLinks``: `RFC 2119`), a "Section 8.3" to that section's anchor on the page, and a
/// citation `[2]` or `[RFC2046]` through the document's own reference list — to the cited
/// document's page when stored, its fetch button when it may be fetched, else to the entry in
/// the list. "Section 4 of [RFC9111]" is the other document's section: a link into its page
/// when stored, never to this page's section 4.
struct InTextLinks {
    let links: KeyLinks
    let references: ReferenceList
    /// The `section-…` anchors of the page's headings.
    let sections: Set<String>

    init(links: KeyLinks, references: ReferenceList, sections: Set<String>) {
        self.links = links
        self.references = references
        self.sections = sections
    }

    private enum Target {
        case key(String)
        case citation(ReferenceList.Reference)
        case section(anchor: String)
        case sectionOf(key: String, anchor: String)
    }

    /// The document a "Section N" belongs to when it is not this one: its key, or nil for a
    /// cited document no label names.
    private struct OtherDocument {
        var key: String?
    }

    private struct Found {
        var range: Range<Int>
        var target: Target
    }

    /// Writes `text` with its references made links. `citations: false` in figures, where
    /// `[1]` is as likely an index into an array.
    func write(_ text: String, citations: Bool = true, into html: inout HTML) {
        let scalars = Array(text.unicodeScalars)
        var found: [Found] = []
        if citations, !references.byLabel.isEmpty { found += self.citations(in: scalars) }
        if !sections.isEmpty || !references.byLabel.isEmpty { found += sectionReferences(in: scalars, citations: found) }
        found += links.names.mentions.find(in: text).map { Found(range: $0.range, target: .key($0.key)) }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        var position = 0
        for item in found where item.range.lowerBound >= position {
            html.text(Self.string(scalars[position..<item.range.lowerBound]))
            write(item.target, label: Self.string(scalars[item.range]), into: &html)
            position = item.range.upperBound
        }
        html.text(Self.string(scalars[position...]))
    }

    private func write(_ target: Target, label: String, into html: inout HTML) {
        switch target {
        case .key(let key):
            links.reference(key, label: label, into: &html)
        case .citation(let reference):
            if let key = reference.key, links.stored.contains(key) || links.offersFetch(key) {
                links.reference(key, label: label, into: &html)
            } else {
                html.element("a", [("href", "#" + reference.anchor), ("class", "cite")], text: label)
            }
        case .section(let anchor):
            html.element("a", [("href", "#" + anchor), ("class", "xref")], text: label)
        case .sectionOf(let key, let anchor):
            html.element("a", [("href", links.names.path(ofKey: key) + "#" + anchor), ("class", "xref")], text: label)
        }
    }

    /// `[label]` and `[label1, label2]` whose labels are in the reference list: each label a
    /// link, the brackets left as text.
    private func citations(in scalars: [Unicode.Scalar]) -> [Found] {
        var found: [Found] = []
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "[" else { continue }
            var close = index + 1
            while close < scalars.count, close - index <= 120, scalars[close] != "]", scalars[close] != "[" { close += 1 }
            guard close < scalars.count, scalars[close] == "]" else { continue }
            // Each label between commas, as its own link.
            var start = index + 1
            var pieces: [Found] = []
            while start < close {
                var end = start
                while end < close, scalars[end] != "," { end += 1 }
                var from = start
                var to = end
                while from < to, scalars[from] == " " { from += 1 }
                while to > from, scalars[to - 1] == " " { to -= 1 }
                guard let reference = references.byLabel[Self.string(scalars[from..<to])] else {
                    pieces = []
                    break
                }
                pieces.append(Found(range: from..<to, target: .citation(reference)))
                start = end + 1
            }
            found += pieces
            index = close
        }
        return found
    }

    /// "Section 8.3", "section 3", "Sections 4.1": the number a link to its anchor. One
    /// followed by "of [RFC9111]" or "of RFC 9111", or following "[RFC9111], ", is that document's.
    private func sectionReferences(in scalars: [Unicode.Scalar], citations: [Found]) -> [Found] {
        var found: [Found] = []
        var index = 0
        while index + 8 < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "S" || scalars[index] == "s", Self.matches(scalars, at: index + 1, "ection"),
                index == 0 || !Self.isWordScalar(scalars[index - 1])
            else { continue }
            var numberStart = index + 7
            if numberStart < scalars.count, scalars[numberStart] == "s" { numberStart += 1 }
            guard numberStart < scalars.count, scalars[numberStart] == " " || scalars[numberStart] == "\u{00A0}" else { continue }
            numberStart += 1
            let numberEnd = Self.sectionNumberEnd(scalars, from: numberStart)
            guard numberEnd > numberStart else { continue }
            let anchor = "section-" + Self.string(scalars[numberStart..<numberEnd])
            if let other = citedDocument(after: numberEnd, in: scalars, citations: citations)
                ?? citedDocument(before: index, in: scalars, citations: citations)
            {
                if let key = other.key, links.stored.contains(key) {
                    found.append(Found(range: numberStart..<numberEnd, target: .sectionOf(key: key, anchor: anchor)))
                }
            } else if sections.contains(anchor) {
                found.append(Found(range: index..<numberEnd, target: .section(anchor: anchor)))
            }
            index = numberEnd - 1
        }
        return found
    }

    /// The other document a section number belongs to: ` of [X]` or ` of RFC N` after it.
    /// `key` is nil for a cited document no label names.
    private func citedDocument(after end: Int, in scalars: [Unicode.Scalar], citations: [Found]) -> OtherDocument? {
        guard Self.matches(scalars, at: end, " of ") else { return nil }
        let next = end + 4
        guard next < scalars.count else { return nil }
        if scalars[next] == "[" {
            if let citation = citations.first(where: { $0.range.lowerBound == next + 1 }), case .citation(let reference) = citation.target {
                return OtherDocument(key: reference.key)
            }
            return OtherDocument(key: nil)
        }
        if let mention = links.names.mentions.find(in: Self.string(scalars[next..<min(scalars.count, next + 40)])).first,
            mention.range.lowerBound == 0
        {
            return OtherDocument(key: mention.key)
        }
        return nil
    }

    /// `[RFC9111], Section 4`: the citation just before.
    private func citedDocument(before start: Int, in scalars: [Unicode.Scalar], citations: [Found]) -> OtherDocument? {
        guard start >= 3, scalars[start - 1] == " ", scalars[start - 2] == ",", scalars[start - 3] == "]" else { return nil }
        if let citation = citations.last(where: { $0.range.upperBound == start - 3 }), case .citation(let reference) = citation.target {
            return OtherDocument(key: reference.key)
        }
        return OtherDocument(key: nil)
    }

    /// The end of a section number at `start`: `8.3`, `A.1`, `10`; a sentence's period not
    /// included.
    private static func sectionNumberEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        // An appendix letter alone is one capital followed by a dot and digits (`A.1`).
        if end < scalars.count, ("A"..."Z").contains(scalars[end]), end + 2 < scalars.count, scalars[end + 1] == ".",
            ("0"..."9").contains(scalars[end + 2])
        {
            end += 1
        } else {
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            guard end > start else { return start }
        }
        while end + 1 < scalars.count, scalars[end] == ".", ("0"..."9").contains(scalars[end + 1]) {
            end += 1
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
        }
        guard end == scalars.count || !isWordScalar(scalars[end]) else { return start }
        return end
    }

    private static func matches(_ scalars: [Unicode.Scalar], at index: Int, _ word: String) -> Bool {
        let expected = Array(word.unicodeScalars)
        guard index + expected.count <= scalars.count else { return false }
        return scalars[index..<(index + expected.count)].elementsEqual(expected)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }
}
