import Foundation

/// The proxy variables of the environment, read as curl reads them, and the choice they make
/// for each URL:
/// - `https_proxy`/`HTTPS_PROXY` for https URLs, `http_proxy` for http URLs — lower case
///   only: curl ignores `HTTP_PROXY`, which a CGI program receives from any client's `Proxy:`
///   header ("httpoxy") — then `all_proxy`/`ALL_PROXY` for either; the lower case name first.
///   A variable set to the empty string means "no proxy" (as curl's `--proxy ""`).
/// - `no_proxy`/`NO_PROXY`: `*` alone (every host), or a list of entries separated by commas
///   or spaces: a host name matches itself and its subdomains (`example.org` and
///   `.example.org` both match `www.example.org`), an IP literal (`::1` or `[::1]`) itself, a
///   CIDR block (`10.0.0.0/8`, `fd00::/8`) the addresses in it; an entry with `:PORT` matches
///   that port only (as Go and Python read it).
public struct ProxyEnvironment: Sendable {
    /// Where one request goes.
    public enum Route: Sendable, Equatable {
        case direct
        /// `no_proxy` named the host (`entry` is the entry that matched).
        case bypassed(entry: String)
        case proxy(ProxyServer, variable: String)
    }

    let https: (value: String, variable: String)?
    let http: (value: String, variable: String)?
    let all: (value: String, variable: String)?
    let noProxy: String

    public init(_ environment: [String: String]) {
        func first(_ names: String...) -> (value: String, variable: String)? {
            for name in names { if let value = environment[name] { return (value, name) } }
            return nil
        }
        https = first("https_proxy", "HTTPS_PROXY")
        http = first("http_proxy")
        all = first("all_proxy", "ALL_PROXY")
        noProxy = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
    }

    /// Whether any proxy is named at all (else every route is direct).
    public var namesAProxy: Bool { [https, http, all].contains { !($0?.value.isEmpty ?? true) } }

    /// The route of `url` (an http or https URL); a proxy variable that cannot be read fails.
    public func route(for url: String) throws(ProxyServer.Failure) -> Route {
        guard let target = Target(url) else { return .direct }
        guard let (value, variable) = (target.scheme == "https" ? https : http) ?? all, !value.isEmpty else { return .direct }
        if let entry = bypass(target) { return .bypassed(entry: entry) }
        return .proxy(try ProxyServer(value, variable: variable), variable: variable)
    }

    /// The `no_proxy` entry that names `target`'s host, if one does.
    func bypass(_ target: Target) -> String? {
        let list = noProxy.trimmingCharacters(in: .whitespaces)
        if list == "*" { return "*" }
        let entries = list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        return entries.first { Self.matches($0, target) }
    }

    static func matches(_ entry: String, _ target: Target) -> Bool {
        if entry == "*" { return true }
        var text = entry.lowercased()
        var port: Int?
        if let slash = text.firstIndex(of: "/") {
            // A CIDR block: the address part, then the prefix length.
            guard let bits = Int(text[text.index(after: slash)...]) else { return false }
            let base = String(text[..<slash]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            return IPAddress(target.host).map { $0.isIn(block: base, bits: bits) } ?? false
        }
        if let (host, given) = HostAndPort.split(text) { (text, port) = (host, given) }
        if let port, port != target.port { return false }
        if IPAddress(target.host) != nil || IPAddress(text) != nil {
            return IPAddress(target.host) == IPAddress(text)
        }
        let name = text.hasPrefix(".") ? String(text.dropFirst()) : text
        let host = target.host.hasSuffix(".") ? String(target.host.dropLast()) : target.host
        guard !name.isEmpty else { return false }
        return host == name || host.hasSuffix("." + name)
    }

    /// The scheme, host (no brackets, lower case) and port of a URL.
    struct Target {
        let scheme: String
        let host: String
        let port: Int

        init?(_ url: String) {
            guard let range = url.range(of: "://") else { return nil }
            scheme = url[..<range.lowerBound].lowercased()
            var authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            guard let (host, port) = HostAndPort.split(String(authority)), !host.isEmpty else { return nil }
            self.host = host
            self.port = port ?? (scheme == "https" ? 443 : 80)
        }
    }
}

/// An IPv4 or IPv6 address as bytes, for comparing literals written in different ways
/// (`::1` and `0:0:0:0:0:0:0:1`) and testing CIDR blocks.
struct IPAddress: Equatable {
    let bytes: [UInt8]

    init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// Whether this address is in `base/bits` (of the same family).
    func isIn(block base: String, bits: Int) -> Bool {
        guard let base = IPAddress(base), base.bytes.count == bytes.count, (0...bytes.count * 8).contains(bits) else { return false }
        for bit in 0..<bits {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if bytes[bit / 8] & mask != base.bytes[bit / 8] & mask { return false }
        }
        return true
    }
}
