import ReaderPluginAPI

/// The errata as one document: an ``Annotation`` per report for the engine to place in its
/// RFC, a section per report (so that `reader find` names the erratum a hit is in, and
/// `reader open errata --section 7105` shows one), and an `annotates` relation per report
/// (`reader refs 9110` lists them as its errata).
enum ErrataDocument {
    static func make(_ file: ErrataFile) -> Document {
        var blocks: [Block] = []
        var annotations: [Annotation] = []
        var relations: [Relation] = []
        blocks.reserveCapacity(file.reports.count * 4)
        for report in file.reports {
            let target = "rfc/\(report.rfc)"
            annotations.append(
                Annotation(
                    id: report.id, target: target, status: report.status, kind: report.kind, section: report.section,
                    quote: report.original, replacement: report.corrected, notes: report.notes, date: report.date,
                    author: report.submitter))
            relations.append(Relation(.annotates, target: target, section: report.id, targetSection: report.section))
            blocks += self.blocks(of: report)
        }
        var notes: [String] = []
        if let skipped = file.skippedNote { notes.append(skipped) }
        let rfcs = Set(file.reports.map(\.rfc)).count
        return Document(
            source: moduleName, key: ErrataModule.annotationSet.key, title: "RFC Errata", blocks: blocks, notes: notes,
            extra: ["reportCount": JSONValue(file.reports.count), "rfcCount": JSONValue(rfcs)],
            label: "RFC errata", status: "\(file.reports.count) reports on \(rfcs) RFCs", relations: relations,
            annotations: annotations)
    }

    /// "Erratum 7105 on RFC 9110, section B.1 (verified, editorial)", what it quotes, what it
    /// proposes, its notes.
    static func blocks(of report: ErrataReport) -> [Block] {
        let place = report.sectionText.map { ", section \($0)" } ?? ""
        let what = [report.status, report.kind].compactMap { $0 }.joined(separator: ", ")
        var blocks: [Block] = [.heading(level: 2, number: report.id, title: "Erratum \(report.id) on RFC \(report.rfc)\(place) (\(what))")]
        if let original = report.original {
            blocks.append(.paragraph([Inline("Original text:")]))
            blocks.append(.preformatted(original, language: nil))
        }
        if let corrected = report.corrected {
            blocks.append(.paragraph([Inline("Corrected text:")]))
            blocks.append(.preformatted(corrected, language: nil))
        }
        if let notes = report.notes {
            blocks.append(.paragraph([Inline("Notes: " + notes)]))
        }
        let byline = [report.submitter.map { "Reported by \($0)" }, report.date].compactMap { $0 }.joined(separator: ", ")
        if !byline.isEmpty { blocks.append(.paragraph([Inline(byline)])) }
        return blocks
    }
}
