/// The names of this server in a `Host` header or an `Origin`: an IP literal (no DNS is
/// involved, so no rebinding), `localhost`, or the name the server was bound to; with a port,
/// the one the server listens on.
enum OwnAddress {
    /// Whether `authority` (a `Host` header's value) names this server.
    static func allows(_ authority: String, boundName: String, port: Int) -> Bool {
        guard let (host, givenPort) = split(authority.lowercased()), givenPort == nil || givenPort == port else { return false }
        if host == "localhost" || host == boundName.lowercased() { return true }
        return isIPLiteral(host)
    }

    /// `host:port`, `[v6]:port`, or a host alone.
    private static func split(_ authority: String) -> (String, Int?)? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let host = String(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            if rest.isEmpty { return (host, nil) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            return (host, port)
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (authority, nil)
        case 2: return Int(parts[1]).map { (String(parts[0]), $0) }
        default: return nil
        }
    }

    /// Four decimal numbers 0–255 separated by dots, or an IPv6 address (hex and colons).
    static func isIPLiteral(_ host: String) -> Bool {
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        if octets.count == 4,
            octets.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCII) && (Int($0).map { $0 <= 255 } ?? false) })
        {
            return true
        }
        return host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    /// Whether an `Origin` (`http://127.0.0.1:8080`) is this server. No port is port 80,
    /// which is another site unless this server listens there.
    static func allows(origin: String, boundName: String, port: Int) -> Bool {
        guard origin.hasPrefix("http://") else { return false }
        let authority = String(origin.dropFirst("http://".count))
        guard let (_, given) = split(authority.lowercased()), (given ?? 80) == port else { return false }
        return allows(authority, boundName: boundName, port: port)
    }
}
