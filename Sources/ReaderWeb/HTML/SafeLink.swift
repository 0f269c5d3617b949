import Foundation

/// Where a link from a document may point in the site: `http`, `https` and `mailto` to the
/// world, a fragment within the page, and a document the store holds to its page here. A
/// `javascript:`, `data:` or `file:` URL (or anything else) is no link at all: its text is
/// shown, and nothing of it reaches an `href`.
enum SafeLink {
    /// The `href` for `url` as written in a document fetched from `base`; nil when it must not
    /// be a link.
    static func href(_ url: String, base: String?, links: KeyLinks?) -> String? {
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
            if let links, let key = links.names.key(ofURL: resolved), links.stored.contains(key) {
                return links.names.path(ofKey: key)
            }
            return resolved.absoluteString
        case "mailto":
            return resolved.absoluteString
        default:
            return nil
        }
    }
}
