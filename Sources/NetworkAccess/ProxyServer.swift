import AsyncHTTPClient
import Foundation

/// A forward proxy named by an environment variable (`http://user:pass@proxy:3128`). Its
/// credentials are kept only to build the `Proxy-Authorization` header: ``description``,
/// what `--verbose` and error messages print, never shows them.
public struct ProxyServer: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// An HTTP proxy, asked with `CONNECT` (for https and, through AsyncHTTPClient, http too).
        case http
        /// A SOCKS5 proxy (`socks5://`, `socks5h://`), without credentials.
        case socks5
    }

    public let kind: Kind
    public let host: String
    public let port: Int
    let user: String?
    let password: String?

    /// Whether the proxy URL carried credentials (said in `--verbose`, never the credentials).
    public var hasCredentials: Bool { user != nil }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadable(variable: String)
        case unsupportedScheme(variable: String, scheme: String)
        public var description: String {
            switch self {
            case .unreadable(let variable): "\(variable) does not name a proxy as [http://][user:password@]host[:port]"
            case .unsupportedScheme(let variable, let scheme):
                "\(variable) names a '\(scheme)://' proxy; reader speaks to http:// and socks5:// proxies"
            }
        }
    }

    /// `[scheme://][user[:password]@]host[:port][/]`, as curl reads it: no scheme is http, no
    /// port is 1080 (curl's default for every proxy).
    public init(_ text: String, variable: String) throws(Failure) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var scheme = "http"
        if let range = rest.range(of: "://") {
            scheme = rest[..<range.lowerBound].lowercased()
            rest = rest[range.upperBound...]
        }
        switch scheme {
        case "http": kind = .http
        case "socks5", "socks5h": kind = .socks5
        default: throw .unsupportedScheme(variable: variable, scheme: scheme)
        }
        // The authority ends at the first slash; what follows (a path, "/") means nothing.
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
            let colon = userInfo.firstIndex(of: ":")
            let name = colon.map { userInfo[..<$0] } ?? userInfo
            user = String(name).removingPercentEncoding ?? String(name)
            password = colon.map { String(userInfo[userInfo.index(after: $0)...]) }.map { $0.removingPercentEncoding ?? $0 }
        } else {
            user = nil
            password = nil
        }
        guard let (host, port) = HostAndPort.split(String(hostPort)), !host.isEmpty else { throw .unreadable(variable: variable) }
        self.host = host
        self.port = port ?? 1080
        guard (1...65535).contains(self.port) else { throw .unreadable(variable: variable) }
        if kind == .socks5 && user != nil { throw .unsupportedScheme(variable: variable, scheme: scheme + " with credentials") }
    }

    /// `http://host:port`, `[v6]` in brackets, and "(with credentials)" when it has some.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(kind.rawValue)://\(shownHost):\(port)" + (hasCredentials ? " (with credentials)" : "")
    }

    /// The proxy as AsyncHTTPClient takes it: Basic credentials on the `CONNECT`.
    var configuration: HTTPClient.Configuration.Proxy {
        switch kind {
        case .socks5: return .socksServer(host: host, port: port)
        case .http:
            let authorization = user.map { HTTPClient.Authorization.basic(username: $0, password: password ?? "") }
            return .server(host: host, port: port, authorization: authorization)
        }
    }
}

/// `host`, `host:port`, `[v6]`, `[v6]:port`: the host without brackets, lower case.
enum HostAndPort {
    static func split(_ authority: String) -> (host: String, port: Int?)? {
        let text = authority.lowercased()
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { return (host, nil) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            return (host, port)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (text, nil)
        case 2: return parts[1].isEmpty ? (String(parts[0]), nil) : Int(parts[1]).map { (String(parts[0]), $0) }
        // A bare IPv6 address (no_proxy's `::1`).
        default: return (text, nil)
        }
    }
}
