/// Resolves relative references against the page's address (RFC 3986, section 5.2).
struct URLResolver {
    private struct Base {
        var scheme: String
        var authority: String?
        var path: String
        var query: String?
    }

    private let base: Base?

    /// The base is `<base href>` (itself resolved against the page) or else the page's URL.
    init(pageURL: String?, baseHref: String?) {
        let page = pageURL.flatMap { URLResolver.parseAbsolute($0.collapsingWhitespace()) }
        var chosen = page
        if let href = baseHref?.collapsingWhitespace(), !href.isEmpty {
            let resolved = URLResolver.resolve(href, against: page)
            chosen = URLResolver.parseAbsolute(resolved) ?? page
        }
        base = chosen
    }

    /// Where a link goes, or nil for links that go nowhere (`javascript:`, a bare `#`).
    func linkTarget(_ href: String) -> String? {
        let trimmed = URLResolver.clean(href)
        if trimmed.isEmpty || trimmed == "#" { return nil }
        if trimmed.lowercased().hasPrefix("javascript:") { return nil }
        return URLResolver.resolve(trimmed, against: base)
    }

    func resolve(_ reference: String) -> String? {
        let trimmed = URLResolver.clean(reference)
        return trimmed.isEmpty ? nil : URLResolver.resolve(trimmed, against: base)
    }

    /// Browsers ignore surrounding white space and any tab or newline inside a URL.
    private static func clean(_ text: String) -> String {
        String(text.collapsingWhitespace().unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
    }

    private static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
            candidate.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return candidate.lowercased()
    }

    private static func parseAbsolute(_ text: String) -> Base? {
        guard let scheme = scheme(of: text) else { return nil }
        var rest = Substring(text.dropFirst(scheme.count + 1))
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        var authority: String?
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        return Base(scheme: scheme, authority: authority, path: String(rest), query: query)
    }

    private static func resolve(_ reference: String, against base: Base?) -> String {
        if scheme(of: reference) != nil { return reference }
        guard let base else { return reference }
        let origin = base.scheme + ":" + (base.authority.map { "//" + $0 } ?? "")
        if reference.hasPrefix("//") { return base.scheme + ":" + reference }
        if reference.hasPrefix("#") {
            return origin + base.path + (base.query.map { "?" + $0 } ?? "") + reference
        }
        if reference.hasPrefix("?") { return origin + base.path + reference }
        let split = reference.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? reference.endIndex
        let path = String(reference[..<split])
        let suffix = String(reference[split...])
        let merged: String
        if path.hasPrefix("/") {
            merged = path
        } else if base.authority != nil, base.path.isEmpty {
            merged = "/" + path
        } else if let slash = base.path.lastIndex(of: "/") {
            merged = String(base.path[...slash]) + path
        } else {
            merged = path
        }
        return origin + removeDotSegments(merged) + suffix
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment == "." {
                if isLast { output.append("") }
            } else if segment == ".." {
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            } else {
                output.append(segment)
            }
        }
        let joined = output.joined(separator: "/")
        return path.hasPrefix("/") && !joined.hasPrefix("/") ? "/" + joined : joined
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
