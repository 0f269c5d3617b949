import Foundation

/// Where a link from a document may point in the site: `http`, `https` and `mailto` to the
/// world, a fragment within the page, and an RFC the store holds to its page here. A
/// `javascript:`, `data:` or `file:` URL (or anything else) is no link at all: its text is
/// shown, and nothing of it reaches an `href`.
enum SafeLink {
    /// The `href` for `url` as written in a document fetched from `base`; nil when it must not
    /// be a link.
    static func href(_ url: String, base: String?, stored: StoredRFCs) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return nil
        }
        if trimmed.hasPrefix("#") { return trimmed }
        let baseURL = base.flatMap { URL(string: $0) }.flatMap { ["http", "https"].contains($0.scheme?.lowercased()) ? $0 : nil }
        guard let resolved = URL(string: trimmed, relativeTo: baseURL)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased()
        else { return nil }
        switch scheme {
        case "http", "https":
            if let number = rfcNumber(resolved), stored.contains(number) { return "/rfc/\(number)" }
            return resolved.absoluteString
        case "mailto":
            return resolved.absoluteString
        default:
            return nil
        }
    }

    /// The RFC a URL shows, on the sites that publish RFCs: `rfc-editor.org/rfc/rfc9110(.txt|.html)`,
    /// `datatracker.ietf.org/doc/html/rfc9110`, `tools.ietf.org/html/rfc9110`.
    static func rfcNumber(_ url: URL) -> Int? {
        guard let host = url.host?.lowercased(),
            ["www.rfc-editor.org", "rfc-editor.org", "datatracker.ietf.org", "tools.ietf.org", "www.ietf.org"].contains(host)
        else { return nil }
        guard var last = url.pathComponents.last?.lowercased(), last.hasPrefix("rfc") else { return nil }
        for suffix in [".txt", ".html", ".pdf", ".xml"] where last.hasSuffix(suffix) { last.removeLast(suffix.count) }
        let digits = last.dropFirst(3)
        guard (1...5).contains(digits.count), digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0 else { return nil }
        return number
    }
}
