import Foundation

/// The catalog key of a URL: one page is one entry however its URL was written. The fragment
/// goes (it names a place in the page, not another page), and so does a default port; the
/// scheme and host are lower-cased (they are case-insensitive); the rest is kept as written,
/// since paths and queries are case-sensitive.
enum URLKey {
    static func normalized(_ url: String) -> String {
        guard var components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else { return url }
        components.scheme = scheme
        components.fragment = nil
        if let host = components.host { components.host = host.lowercased() }
        if let port = components.port, (scheme == "http" && port == 80) || (scheme == "https" && port == 443) {
            components.port = nil
        }
        return components.string ?? url
    }
}
