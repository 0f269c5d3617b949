import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What went wrong on the network, in words a person reads: no library type names, error
/// codes or build paths. One wording for the fetcher and the remote (`reader push`, `pull`).
package enum NetworkWords {
    package static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout: return "timed out waiting for the server"
            case .connectTimeout: return "timed out connecting"
            case .redirectLimitReached: return "too many redirects"
            case .redirectCycleDetected: return "redirect loop"
            case .remoteConnectionClosed: return "the server closed the connection"
            case .deadlineExceeded: return "took too long"
            case .proxyAuthenticationRequired:
                return "the proxy asks for credentials, or refused those given (HTTP 407): check user:password in the proxy variable"
            case .invalidProxyResponse:
                return "the proxy refused the tunnel (CONNECT): check the credentials in the proxy variable, and that it allows the port"
            case .httpProxyHandshakeTimeout: return "timed out waiting for the proxy"
            default: return "\(error)"
            }
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return "connection refused"
            case ECONNRESET: return "the server reset the connection"
            case EPIPE: return "the server closed the connection"
            default: return error.description
            }
        }
        if let error = error as? HTTPParserError {
            if error == .invalidEOFState { return "the connection closed before the whole response arrived" }
            return "not a valid HTTP response (\(error.debugDescription))"
        }
        let text = "\(error)"
        if text.lowercased().contains("connection refused") || text.contains("connectFailed") {
            return "connection refused"
        }
        return plainWords(text)
    }

    /// What a library's error means, in words, without its type names, codes or build paths:
    /// a person needs to know what went wrong, not where in BoringSSL.
    static func plainWords(_ text: String) -> String {
        let lower = text.lowercased()
        if lower.contains("unknownhost") || lower.contains("name or service not known") || lower.contains("nodename nor servname")
            || lower.contains("no address associated") || lower.contains("temporary failure in name resolution")
        {
            return "cannot find the server: its host name does not resolve (DNS)"
        }
        if lower.contains("ssl") || lower.contains("tls") || lower.contains("handshake") || lower.contains("certificate") {
            if lower.contains("certificate") || lower.contains("verify") {
                return "the server's TLS certificate cannot be trusted (not valid for this host, expired or self-signed)"
            }
            return "the TLS handshake failed: the server does not speak TLS there, or not a version reader accepts"
        }
        if lower.contains("timeout") || lower.contains("timed out") { return "timed out" }
        if lower.contains("network is unreachable") || lower.contains("no route") { return "the network is unreachable" }
        if lower.contains("connection reset") { return "the server reset the connection" }
        // Anything else: its first words, without library paths or type prefixes.
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        if firstLine.contains("/") || firstLine.contains("Error.") || firstLine.count > 120 { return "the connection failed" }
        return firstLine
    }
}
