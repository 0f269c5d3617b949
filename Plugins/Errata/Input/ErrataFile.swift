import ReaderPluginAPI

/// The whole `errata.json` read into reports: a file that is not one JSON array of objects is
/// refused (nothing stored); a report that cannot be read is skipped, and why is counted.
struct ErrataFile {
    var reports: [ErrataReport]
    /// Why reports were skipped, each reason with how many ("no RFC named": 2).
    var skipped: [(reason: String, count: Int)]

    static func read(_ bytes: [UInt8]) throws -> ErrataFile {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        guard let value = JSONValue(jsonText: text) else {
            throw ParseError(
                module: moduleName, location: "errata.json",
                reason: "not valid JSON (malformed or truncated): expected one array of errata reports")
        }
        guard case .array(let items) = value else {
            throw ParseError(module: moduleName, location: "errata.json", reason: "expected a JSON array of errata reports")
        }
        var reports: [ErrataReport] = []
        var reasons: [String: Int] = [:]
        var order: [String] = []
        var seen: Set<String> = []
        for item in items {
            switch ErrataReport.read(item) {
            case .success(let report):
                // One ID once: the first report under it is kept.
                guard seen.insert(report.id).inserted else {
                    count("the same errata_id twice", &reasons, &order)
                    continue
                }
                reports.append(report)
            case .failure(let skip):
                count(skip.reason, &reasons, &order)
            }
        }
        if reports.isEmpty && !items.isEmpty {
            throw ParseError(
                module: moduleName, location: "errata.json",
                reason: "none of its \(items.count) items is an errata report (\(order.first ?? "unreadable"))")
        }
        return ErrataFile(reports: reports, skipped: order.map { ($0, reasons[$0] ?? 0) })
    }

    private static func count(_ reason: String, _ reasons: inout [String: Int], _ order: inout [String]) {
        if reasons[reason] == nil { order.append(reason) }
        reasons[reason, default: 0] += 1
    }

    /// "skipped 3 reports: 2 with errata_id not a string, 1 with orig_text longer than 100000 characters".
    var skippedNote: String? {
        let total = skipped.reduce(0) { $0 + $1.count }
        guard total > 0 else { return nil }
        let parts = skipped.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
        return "skipped \(total) report\(total == 1 ? "" : "s"): \(parts)"
    }
}
