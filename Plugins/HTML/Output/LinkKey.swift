/// The catalog key a link's page would be stored under, by the engine's rule for URLs (its
/// `URLKey`, which a module cannot import): the fragment goes, and a default port (80 for
/// http, 443 for https); scheme and host are lower-cased; path and query stay as written.
/// Only http and https links whose bytes are all of RFC 3986's set get a key: for those the
/// engine's rule changes nothing else, so both give the same key (the engine's tests compare
/// them on every link of the html corpus, `LinkKeyAgreementTests`).
enum LinkKey {
    static func of(_ url: String) -> String? {
        let bytes = Array(url.utf8)
        guard bytes.allSatisfy(isURLByte) else { return nil }
        let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let scheme: String
        if lower.starts(with: "http://".utf8) {
            scheme = "http"
        } else if lower.starts(with: "https://".utf8) {
            scheme = "https"
        } else {
            return nil
        }
        let authorityStart = scheme.utf8.count + 3
        var rest = Array(bytes[authorityStart...])
        if let hash = rest.firstIndex(of: 0x23) { rest.removeSubrange(hash...) }
        let authorityEnd = rest.firstIndex { $0 == 0x2F || $0 == 0x3F } ?? rest.count
        var authority = Array(rest[..<authorityEnd])
        let after = rest[authorityEnd...]
        // User information, an IPv6 literal, or an empty host: left to the engine's own reading.
        guard !authority.isEmpty, !authority.contains(0x40), !authority.contains(0x5B), !authority.contains(0x25) else { return nil }
        var port: [UInt8] = []
        if let colon = authority.firstIndex(of: 0x3A) {
            port = Array(authority[(colon + 1)...])
            authority.removeSubrange(colon...)
            guard port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), !authority.isEmpty, port.count <= 5 else { return nil }
        }
        let host = String(decoding: authority.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        let number = port.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let defaultPort = (scheme == "http" && number == 80) || (scheme == "https" && number == 443)
        // An empty port ("host:") is dropped by the engine's reading too.
        let portText = port.isEmpty || defaultPort ? "" : ":\(number)"
        guard number <= 65535 else { return nil }
        return scheme + "://" + host + portText + String(decoding: after, as: UTF8.self)
    }

    /// RFC 3986's unreserved and reserved characters, and `%` of an escape.
    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: true
        default: "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
        }
    }
}
