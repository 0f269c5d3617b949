import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// What every HTTP client of `reader` is made with — the fetcher's and the S3 remote's: the
/// proxies of the environment, the certificate authorities, and the connections allowed to
/// one host. One value, read once from the command line and the environment.
public struct NetworkSetup: Sendable {
    public var proxies: ProxyEnvironment
    public var authorities: CertificateAuthorities
    /// Connections kept open to one host at most, whatever `--jobs` says: 4, as polite
    /// mirrors ask (wget's and browsers' habits are 2–6), so that `fetch rfc all --jobs 32`
    /// does not open 32 connections to the RFC Editor. The fetcher queues the requests past
    /// this limit itself (`HostGate`: AsyncHTTPClient's own queue gives a waiting request only
    /// the connect timeout); the client's `concurrentHTTP1ConnectionsPerHostSoftLimit` is set
    /// to it too. A remote's bucket sets its own (`--jobs` counts its transfers).
    public var connectionsPerHost = 4

    public init(environment: [String: String], caFile: String? = nil) {
        proxies = ProxyEnvironment(environment)
        authorities = CertificateAuthorities(environment: environment, caFile: caFile)
    }

    /// No proxy, the system's authorities: what a library user gets without asking.
    public static let plain = NetworkSetup(environment: [:])

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case proxy(ProxyServer.Failure)
        case authorities(CertificateAuthorities.Failure)
        public var description: String {
            switch self {
            case .proxy(let failure): failure.description
            case .authorities(let failure): failure.description
            }
        }
    }

    /// A client on `configuration` (timeouts, redirects, decompression: the caller's), through
    /// `proxy` (nil: direct), trusting ``authorities``, with at most ``connectionsPerHost``.
    public func makeClient(_ configuration: HTTPClient.Configuration, through proxy: ProxyServer?) throws(Failure) -> HTTPClient {
        var configuration = configuration
        configuration.proxy = proxy?.configuration
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connectionsPerHost
        var tls = TLSConfiguration.makeClientConfiguration()
        do {
            tls.trustRoots = try authorities.trustRoots()
        } catch {
            throw .authorities(error)
        }
        configuration.tlsConfiguration = tls
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// A direct client trusting the system's authorities, with at most the default
    /// ``connectionsPerHost``: what needs nothing read from the environment.
    public static func makeDirectClient(_ configuration: HTTPClient.Configuration, connectionsPerHost: Int? = nil) -> HTTPClient {
        var configuration = configuration
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connectionsPerHost ?? plain.connectionsPerHost
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Whether `error` (or what it wraps) is a certificate that was not trusted.
    public static func isUntrustedCertificate(_ error: any Error) -> Bool {
        let text = String(reflecting: error).lowercased()
        return text.contains("certificate_verify_failed") || text.contains("certificate verify failed")
            || text.contains("unable to get local issuer") || text.contains("self signed certificate")
            || text.contains("self-signed certificate") || text.contains("certificate has expired")
    }
}
