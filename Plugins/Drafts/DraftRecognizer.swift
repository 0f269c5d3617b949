import ReaderPluginAPI

/// Whether a text is an Internet-Draft: its first page says `Internet-Draft` at the left
/// margin of the header and names no RFC number (an RFC's header says `Request for Comments:`).
enum DraftRecognizer {
    static func confidence(_ sample: Sample) -> Int {
        let start = sample.firstSignificantBytes
        if start.first == 0x3C { return 0 }  // <: markup, not plain text
        let head = String(decoding: start.prefix(4096), as: UTF8.self)
        let lines = head.split(separator: "\n", omittingEmptySubsequences: false).prefix(40)
        if lines.contains(where: { $0.lowercased().contains("request for comments:") }) { return 0 }
        let saysDraft = lines.contains { line in
            let lower = line.drop { $0 == " " }.lowercased()
            return lower.hasPrefix("internet-draft") || lower.hasPrefix("internet draft") || lower.hasPrefix("intended status:")
        }
        // Above the RFC module's 90 for `Network Working Group`, which heads most drafts too.
        if saysDraft { return 95 }
        if let name = sample.fileName?.lowercased(), name.hasPrefix("draft-"), name.hasSuffix(".txt") { return 70 }
        return 0
    }
}
