/// Resolves relative references against the page's address (RFC 3986, section 5.2), on UTF-8
/// bytes: a page has hundreds of links, and only the result needs to be a `String`.
struct URLResolver {
    private struct Base {
        var scheme: [UInt8]
        var authority: [UInt8]?
        var path: [UInt8]
        var query: [UInt8]?
    }

    private let base: Base?

    /// The base is `<base href>` (itself resolved against the page) or else the page's URL.
    init(pageURL: String?, baseHref: String?) {
        let page = pageURL.flatMap { URLResolver.parseAbsolute(URLResolver.clean(Array($0.utf8))) }
        var chosen = page
        if let href = baseHref.map({ URLResolver.clean(Array($0.utf8)) }), !href.isEmpty {
            let resolved = URLResolver.resolve(href, against: page)
            chosen = URLResolver.parseAbsolute(resolved) ?? page
        }
        base = chosen
    }

    /// Where a link goes, or nil for links that go nowhere (`javascript:`, a bare `#`).
    func linkTarget(_ href: some Collection<UInt8>) -> String? {
        let trimmed = URLResolver.clean(href)
        if trimmed.isEmpty || trimmed == [0x23] { return nil }
        if URLResolver.startsIgnoringCase(trimmed, "javascript:") { return nil }
        return String(decoding: URLResolver.resolve(trimmed, against: base), as: UTF8.self)
    }

    func linkTarget(_ href: String) -> String? { linkTarget(Array(href.utf8)) }

    func resolve(_ reference: some Collection<UInt8>) -> String? {
        let trimmed = URLResolver.clean(reference)
        return trimmed.isEmpty ? nil : String(decoding: URLResolver.resolve(trimmed, against: base), as: UTF8.self)
    }

    func resolve(_ reference: String) -> String? { resolve(Array(reference.utf8)) }

    /// Browsers ignore surrounding white space and any tab or newline inside a URL.
    private static func clean(_ text: some Collection<UInt8>) -> [UInt8] {
        var collapser = SpaceCollapser(capacity: text.count)
        let bytes = Array(text)
        bytes.withUnsafeBufferPointer { collapser.append($0, spaceAllowed: false) }
        return collapser.bytes
    }

    private static func startsIgnoringCase(_ text: [UInt8], _ prefix: String) -> Bool {
        let prefix = Array(prefix.utf8)
        guard text.count >= prefix.count else { return false }
        for (byte, wanted) in zip(text, prefix) where (byte &- 65 < 26 ? byte | 0x20 : byte) != wanted { return false }
        return true
    }

    /// The scheme before the first colon, lowercased; nil when there is none.
    private static func scheme(of text: [UInt8]) -> [UInt8]? {
        guard let colon = text.firstIndex(of: 0x3A), colon > 0 else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.first, isLetter(first),
            candidate.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        return candidate.map { $0 | 0x20 }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    private static func parseAbsolute(_ text: [UInt8]) -> Base? {
        guard let scheme = scheme(of: text) else { return nil }
        var rest = text[(scheme.count + 1)...]
        if let hash = rest.firstIndex(of: 0x23) { rest = rest[..<hash] }
        var query: [UInt8]?
        if let mark = rest.firstIndex(of: 0x3F) {
            query = Array(rest[(mark + 1)...])
            rest = rest[..<mark]
        }
        var authority: [UInt8]?
        if rest.starts(with: [0x2F, 0x2F]) {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: 0x2F) ?? afterSlashes.endIndex
            authority = Array(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        return Base(scheme: scheme, authority: authority, path: Array(rest), query: query)
    }

    private static func resolve(_ reference: [UInt8], against base: Base?) -> [UInt8] {
        if scheme(of: reference) != nil { return reference }
        guard let base else { return reference }
        var origin = base.scheme + [0x3A]
        if let authority = base.authority { origin += [0x2F, 0x2F] + authority }
        if reference.starts(with: [0x2F, 0x2F]) { return base.scheme + [0x3A] + reference }
        if reference.first == 0x23 {
            return origin + base.path + (base.query.map { [0x3F] + $0 } ?? []) + reference
        }
        if reference.first == 0x3F { return origin + base.path + reference }
        let split = reference.firstIndex { $0 == 0x3F || $0 == 0x23 } ?? reference.endIndex
        let path = reference[..<split]
        let merged: [UInt8]
        if path.first == 0x2F {
            merged = Array(path)
        } else if base.authority != nil, base.path.isEmpty {
            merged = [0x2F] + path
        } else if let slash = base.path.lastIndex(of: 0x2F) {
            merged = Array(base.path[...slash]) + path
        } else {
            merged = Array(path)
        }
        return origin + removeDotSegments(merged) + reference[split...]
    }

    private static func removeDotSegments(_ path: [UInt8]) -> [UInt8] {
        guard path.contains(0x2E) else { return path }
        var output: [ArraySlice<UInt8>] = []
        let segments = path.split(separator: 0x2F, omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment.elementsEqual([0x2E]) {
                if isLast { output.append([]) }
            } else if segment.elementsEqual([0x2E, 0x2E]) {
                if output.count > 1 { output.removeLast() }
                if isLast { output.append([]) }
            } else {
                output.append(segment)
            }
        }
        let joined = Array(output.joined(separator: [0x2F]))
        return path.first == 0x2F && joined.first != 0x2F ? [0x2F] + joined : joined
    }
}
