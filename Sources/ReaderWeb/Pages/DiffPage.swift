import ReaderKit

/// `/diff?a=KEY&b=KEY`: `reader diff A B` as a page — the counts, then each section that is
/// not the same, a changed one with its words struck out and inserted. Both documents must be
/// stored (a GET never fetches). Its JSON is `reader diff A B --format json`'s.
struct DiffPage {
    var a: String
    var b: String

    func answer(_ context: PageContext, format: Answer.Format) async throws -> Answer {
        let diff = try await context.reader.diffStored(a, b)
        switch format {
        case .json: return .json(try JSONRenderer.line(diff))
        case .html:
            let labelA = context.label(ofKey: a) ?? a
            let labelB = context.label(ofKey: b) ?? b
            return .html(context.layout("\(labelA) → \(labelB)").page { html in write(diff, labelA, labelB, context, into: &html) })
        }
    }

    /// The address of the page comparing `a` with `b`.
    static func path(_ a: String, _ b: String) -> String { "/diff?a=" + QueryText.encode(a) + "&b=" + QueryText.encode(b) }

    private func write(_ diff: DocumentDiff, _ labelA: String, _ labelB: String, _ context: PageContext, into html: inout HTML) {
        html.open("article", [("class", "diff")])
        html.raw("<h1>")
        html.element("a", [("href", context.names.path(ofKey: a))], text: labelA)
        html.raw(" → ")
        html.element("a", [("href", context.names.path(ofKey: b))], text: labelB)
        html.raw("</h1>\n")
        html.element("p", [("class", "counts")], text: diff.summary)
        for part in diff.parts where part.change != .same {
            html.open("section", [("class", "part " + part.change.rawValue)])
            html.element("h2", text: "\(part.change.rawValue): \(Self.names(part))")
            if !part.runs.isEmpty {
                html.raw("<p class=\"words\">")
                for (index, run) in part.runs.enumerated() {
                    if index > 0 { html.raw(" ") }
                    switch run.kind {
                    case .same, .elided: html.text(run.text)
                    case .removed: html.element("del", text: run.text)
                    case .added: html.element("ins", text: run.text)
                    }
                }
                html.raw("</p>")
            } else if part.change == .changed || part.change == .moved, part.added + part.removed > 0 {
                html.element("p", [("class", "words")], text: "+\(part.added) −\(part.removed) words (too long to show word by word)")
            } else if part.change == .added || part.change == .removed {
                html.element("p", [("class", "words")], text: "\(max(part.added, part.removed)) words")
            }
            html.close("section")
        }
        if diff.parts.allSatisfy({ $0.change == .same }) { html.element("p", text: "No differences.") }
        html.close("article")
    }

    /// The section's number and title on each side (`3.2 Terminology → 4.1 Terminology`).
    private static func names(_ part: DocumentDiff.Part) -> String {
        func name(_ side: DocumentDiff.Side) -> String {
            let title = side.title.isEmpty ? "(before the first section)" : side.title
            return side.number.map { "\($0) \(title)" } ?? title
        }
        let a = part.a.map(name)
        let b = part.b.map(name)
        if let a, let b, a != b { return "\(a) → \(b)" }
        return a ?? b ?? ""
    }
}
