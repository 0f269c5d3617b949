import ReaderKit
import ReaderPluginAPI

/// The parts a document page has around its text: the banners ("Obsoleted by RFC 9293"), the
/// table of contents, and the documents it is related to — each drawn from the model and the
/// relation kinds, whatever the source.
enum PageParts {
    /// The relations of `key`, both ways, from the engine's relation index; while it has none,
    /// the document's own (what it cites or links to), so that a module's relations show at once.
    static func relations(of document: Document, _ context: PageContext) -> [RelatedDocument] {
        let indexed = (try? context.reader.relations(of: document.key)) ?? []
        if !indexed.isEmpty { return indexed }
        var seen: Set<String> = []
        return document.relations.compactMap { relation in
            guard relation.subject == nil, seen.insert(relation.type + " " + relation.target).inserted else { return nil }
            return RelatedDocument(
                type: relation.type, key: relation.target, label: context.label(ofKey: relation.target) ?? relation.target,
                section: relation.section, stored: context.snapshot.keys.contains(relation.target))
        }
    }

    /// The words of a relation type seen from the page's document: `Cites`, `Obsoleted by`; and
    /// whether it is a banner from this side (`Obsoleted by`, and `Became` of a kind with a
    /// ``RelationKind/subjectBanner``), as `open` draws them.
    static func words(_ type: String, _ kinds: [RelationKind]) -> (label: String, banner: Bool) {
        if let kind = kinds.first(where: { $0.name == type }) { return (kind.label, kind.subjectBanner) }
        if let kind = kinds.first(where: { $0.inverse == type }) { return (kind.inverseLabel, kind.banner) }
        return (type, false)
    }

    /// A banner: what supersedes or amends the document ("Obsoleted by RFC 9293", "Replaced by
    /// …"), from the relations whose kind says so; without any, the lines its describing entry
    /// gives (the RFC index's notices), each document they name by its label a link.
    static func banner(
        _ related: [RelatedDocument], notices: [String], _ kinds: [RelationKind], _ links: KeyLinks, subject: String? = nil,
        into html: inout HTML
    ) {
        // In the kinds' order, as `open` writes them (obsoleted by, then updated by).
        let order = kinds.flatMap { [$0.inverse, $0.name] }
        let groups = grouped(related.filter { words($0.type, kinds).banner }).sorted {
            (order.firstIndex(of: $0.0) ?? order.count) < (order.firstIndex(of: $1.0) ?? order.count)
        }
        guard !groups.isEmpty || !notices.isEmpty else { return }
        html.raw("<aside class=\"banner\" role=\"note\">")
        if groups.isEmpty {
            for notice in notices {
                html.raw("<p>")
                links.write(notice, into: &html)
                html.raw("</p>")
            }
        }
        for (type, members) in groups {
            html.raw("<p>")
            html.text(words(type, kinds).label + " ")
            for (index, member) in members.enumerated() {
                if index > 0 { html.raw(", ") }
                reference(member, links, into: &html)
                compare(member, with: subject, kinds, into: &html)
            }
            html.raw("</p>")
        }
        html.raw("</aside>\n")
    }

    /// Every relation but the banner's, a list per type, each document a link or a fetch button.
    /// `sections`: the page's anchor of each section a relation may name (a heading's number,
    /// else its title); a section the page has no heading for is named, not linked.
    static func related(
        _ related: [RelatedDocument], _ kinds: [RelationKind], _ links: KeyLinks, sections: [String: String], subject: String? = nil,
        into html: inout HTML
    ) {
        for (type, members) in grouped(related.filter { !words($0.type, kinds).banner }) {
            html.raw("<section class=\"related\">")
            html.element("h2", [("id", "related-" + Anchors.slug(type))], text: words(type, kinds).label)
            html.raw("<ul>")
            for member in members {
                html.raw("<li>")
                reference(member, links, into: &html)
                compare(member, with: subject, kinds, into: &html)
                if let title = member.title, !title.isEmpty, title != member.label {
                    html.raw(" ")
                    html.text(title)
                }
                if let section = member.section {
                    html.raw(" ")
                    if let anchor = sections[section] {
                        html.element("a", [("class", "section"), ("href", "#" + anchor)], text: "§" + section)
                    } else {
                        html.element("span", [("class", "section")], text: "§" + section)
                    }
                }
                html.raw("</li>")
            }
            html.raw("</ul></section>\n")
        }
    }

    /// For each section other documents point to (`refs KEY --section S` both ways: "Section
    /// 15.4 of [HTTP]"), a line under its heading naming them — "Cited by RFC 9540" — by the
    /// relation kind's words, so for any source and kind.
    static func pointingHere(_ related: [RelatedDocument], _ kinds: [RelationKind], _ links: KeyLinks) -> [String: HTML] {
        var bySection: [String: [RelatedDocument]] = [:]
        for member in related where kinds.contains(where: { $0.inverse == member.type && !$0.banner }) {
            guard let section = member.section, !section.isEmpty else { continue }
            bySection[section, default: []].append(member)
        }
        return bySection.mapValues { members in
            var html = HTML()
            html.raw("<p class=\"pointing-here\">")
            for (index, (type, group)) in grouped(members).enumerated() {
                if index > 0 { html.raw("; ") }
                html.text(words(type, kinds).label + " ")
                var seen: Set<String> = []
                for member in group where seen.insert(member.key).inserted {
                    if seen.count > 1 { html.raw(", ") }
                    reference(member, links, into: &html)
                }
            }
            html.raw("</p>\n")
            return html
        }
    }

    /// "what changed": a stored document that supersedes the page's (obsoletes, replaces, became),
    /// or that the page's supersedes, compared with it at `/diff`, the older one first.
    private static func compare(_ member: RelatedDocument, with subject: String?, _ kinds: [RelationKind], into html: inout HTML) {
        guard let subject, member.stored, member.key != subject else { return }
        let path: String
        if kinds.contains(where: { $0.supersedes && $0.inverse == member.type }) {
            path = DiffPage.path(subject, member.key)
        } else if kinds.contains(where: { $0.supersedes && $0.name == member.type }) {
            path = DiffPage.path(member.key, subject)
        } else {
            return
        }
        html.raw(" ")
        html.element("a", [("class", "compare"), ("href", path)], text: "(what changed)")
    }

    /// One related document: a link when stored, a fetch button or words when not.
    private static func reference(_ member: RelatedDocument, _ links: KeyLinks, into html: inout HTML) {
        if let unavailable = member.unavailable, !member.stored {
            html.element("span", [("class", "absent"), ("title", unavailable)], text: member.label)
        } else if member.stored {
            html.element("a", [("href", links.names.path(ofKey: member.key))], text: member.label)
        } else if Template.isWebAddress(member.key), let href = SafeLink.href(member.key, base: nil, links: links) {
            // A link of a page to a page not stored: the page itself, outside.
            html.element("a", [("href", href), ("class", "outside")], text: member.label)
        } else {
            links.reference(member.key, label: member.label, into: &html)
        }
    }

    /// Relations by type, in the order the types first come.
    private static func grouped(_ related: [RelatedDocument]) -> [(String, [RelatedDocument])] {
        var order: [String] = []
        var members: [String: [RelatedDocument]] = [:]
        for item in related {
            if members[item.type] == nil { order.append(item.type) }
            members[item.type, default: []].append(item)
        }
        return order.map { ($0, members[$0] ?? []) }
    }

    /// Every heading, indented by level, each a link to its anchor.
    static func contents(_ headings: [DocumentBody.Heading], into html: inout HTML) {
        guard !headings.isEmpty else { return }
        let top = headings.map(\.level).min() ?? 1
        html.raw("<nav class=\"contents\" aria-label=\"Contents\"><details open><summary>Contents</summary><ul>")
        for heading in headings {
            html.open("li", [("class", "depth-\(min(4, heading.level - top))")])
            html.open("a", [("href", "#" + heading.anchor)])
            if let number = heading.number {
                html.element("span", [("class", "number")], text: number)
                html.raw(" ")
            }
            html.text(heading.title)
            html.raw("</a></li>")
        }
        html.raw("</ul></details></nav>\n")
    }
}
