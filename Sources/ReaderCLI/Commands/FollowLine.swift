import ReaderKit

/// The one line that ends `--follow` and `reader import`: what was fetched, what failed and
/// what was refused, each counted, the first few named.
struct FollowLine {
    /// The fetch of what was followed; nil when nothing was asked.
    var summary: FetchSummary?
    var requests: Int
    var refused: [Reader.Refusal]
    /// The noun of what was followed: pages, feeds.
    var noun = "page"
    var verb = "followed"

    var text: String {
        var parts: [String] = []
        if let summary {
            let fetched = summary.fetched
            let kept = summary.ended - fetched
            var done = "\(verb) \(FetchSummary.count(requests)) \(noun)\(requests == 1 ? "" : "s"): \(FetchSummary.count(fetched)) fetched"
            if kept > 0 { done += ", \(FetchSummary.count(kept)) already stored" }
            parts.append(done)
            if !summary.failed.isEmpty {
                parts.append("\(FetchSummary.count(summary.failed.count)) failed: first \(FetchSummary.first(summary.failed.map(\.0)))")
            }
            if summary.cancelled > 0 { parts.append("\(FetchSummary.count(summary.cancelled)) cancelled") }
        } else {
            parts.append("\(verb) no \(noun)s")
        }
        if !refused.isEmpty {
            // The reasons in the order met, each once: "not an http(s) address: file:///etc/passwd".
            var reasons: [String] = []
            for refusal in refused where !reasons.contains(refusal.reason) { reasons.append(refusal.reason) }
            let first = reasons.map { reason in
                "\(reason): \(FetchSummary.first(refused.filter { $0.reason == reason }.map(\.target)))"
            }
            parts.append("\(FetchSummary.count(refused.count)) refused (\(first.joined(separator: "; ")))")
        }
        return parts.joined(separator: "; ")
    }
}
