import AsyncHTTPClient
import Foundation
import NIOSSL

/// The certificate authorities a TLS connection trusts: the system's store, unless
/// `--cacert FILE`, `SSL_CERT_FILE` or `SSL_CERT_DIR` names others. As OpenSSL and curl read
/// them: `SSL_CERT_FILE` a PEM bundle, `SSL_CERT_DIR` folders (separated by `:`) of PEM files —
/// `c_rehash`'s hashed names or any others, every file is read. `--cacert` replaces both, and
/// what they name replaces the system store (a company's bundle is usually the whole set).
public struct CertificateAuthorities: Sendable, Equatable {
    /// A PEM bundle (`--cacert`, else `SSL_CERT_FILE`) and what named it.
    public let file: (path: String, source: String)?
    /// Folders of PEM files (`SSL_CERT_DIR`).
    public let folders: [String]

    public static func == (a: Self, b: Self) -> Bool {
        a.file?.path == b.file?.path && a.file?.source == b.file?.source && a.folders == b.folders
    }

    public init(environment: [String: String], caFile: String? = nil) {
        func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        if let caFile = nonEmpty(caFile) {
            file = (caFile, "--cacert")
            folders = []
            return
        }
        file = nonEmpty(environment["SSL_CERT_FILE"]).map { ($0, "SSL_CERT_FILE") }
        folders = nonEmpty(environment["SSL_CERT_DIR"])?.split(separator: ":").map(String.init) ?? []
    }

    /// Whether the system store is used (nothing else was named).
    public var isSystem: Bool { file == nil && folders.isEmpty }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadable(source: String, path: String)
        case noCertificates(source: String, path: String)
        public var description: String {
            switch self {
            case .unreadable(let source, let path): "\(source) names '\(path)', which cannot be read"
            case .noCertificates(let source, let path): "\(source) names '\(path)', which holds no PEM certificate"
            }
        }
    }

    /// The trust roots these name: `.default` (the system's) when none are named.
    func trustRoots() throws(Failure) -> NIOSSLTrustRoots {
        if isSystem { return .default }
        var certificates: [NIOSSLCertificate] = []
        if let (path, source) = file {
            guard let bytes = Self.read(path) else { throw .unreadable(source: source, path: path) }
            let found = (try? NIOSSLCertificate.fromPEMBytes(bytes)) ?? []
            guard !found.isEmpty else { throw .noCertificates(source: source, path: path) }
            certificates += found
        }
        for folder in folders {
            // A folder of the list that is not there is passed over, as OpenSSL does.
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            // Every file: hashed names (`5ed36f99.0`, links to the PEM files) and plain ones
            // alike; a file that is not PEM (a README, a CRL) is passed over.
            for name in names.sorted() where !name.hasPrefix(".") {
                guard let bytes = Self.read(folder + "/" + name) else { continue }
                certificates += (try? NIOSSLCertificate.fromPEMBytes(bytes)) ?? []
            }
        }
        guard !certificates.isEmpty else { throw .noCertificates(source: "SSL_CERT_DIR", path: folders.joined(separator: ":")) }
        return .certificates(certificates)
    }

    /// A regular file's bytes (links followed, as OpenSSL does), at most 16 MiB: a bundle of
    /// every public CA is about 250 kB.
    static func read(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        guard let data = try? handle.read(upToCount: 16 << 20) else { return nil }
        return [UInt8](data)
    }

    /// What a person sets when a server's certificate is not trusted: one clause of the
    /// one-line error.
    public var advice: String {
        if let (path, source) = file {
            return "the authorities of \(source) (\(path)) do not vouch for it; point \(source) at the right PEM bundle"
        }
        if !folders.isEmpty { return "the authorities of SSL_CERT_DIR do not vouch for it; add its authority's PEM file there" }
        return "if a proxy or your company signs it, set SSL_CERT_FILE (or --cacert) to the authority's PEM file"
    }
}
