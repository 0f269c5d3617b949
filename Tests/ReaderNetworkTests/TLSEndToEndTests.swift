import Foundation
import NetworkAccess
import ObjectStorage
import ReaderTestHarness
import Testing

/// https from a real nginx on 127.0.0.1 whose certificate a certificate authority of the
/// test's own signed (made with openssl): untrusted until `SSL_CERT_FILE`, `SSL_CERT_DIR` or
/// `--cacert` names that authority. nginx also listens on [::1], plain http.
@Suite(.serialized, .enabled(if: Tools.runs("nginx", "openssl", "tinyproxy"))) struct TLSEndToEndTests {
    static let page = "<html><head><title>Signed by our own</title></head><body><p>Trusted.</p></body></html>"

    /// nginx with its certificate, the authority's PEM file, and its ports.
    final class Site: Sendable {
        let folder: String
        let port: Int
        let v6Port: Int
        let authority: String
        private let daemon: Daemon

        init() async throws {
            folder = try temporaryFolder("nginx")
            for tool in [
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", folder + "/ca.key",
                    "-out",
                    folder + "/ca.pem",
                    "-days", "2", "-subj", "/CN=Reader Test Authority",
                ],
                [
                    "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", folder + "/server.key", "-out",
                    folder + "/server.csr",
                    "-subj", "/CN=127.0.0.1",
                ],
            ] { try await Tools.run("openssl", tool) }
            try "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost\nbasicConstraints=CA:FALSE\n".write(
                toFile: folder + "/server.ext", atomically: true, encoding: .utf8)
            try await Tools.run(
                "openssl",
                [
                    "x509", "-req", "-in", folder + "/server.csr", "-CA", folder + "/ca.pem", "-CAkey", folder + "/ca.key",
                    "-CAcreateserial", "-out", folder + "/server.pem",
                    "-days", "2",
                    "-extfile", folder + "/server.ext",
                ])
            authority = folder + "/ca.pem"
            try FileManager.default.createDirectory(atPath: folder + "/www", withIntermediateDirectories: true)
            try TLSEndToEndTests.page.write(toFile: folder + "/www/page.html", atomically: true, encoding: .utf8)
            port = try freePort()
            v6Port = try freePort(v6: true)
            let config = """
                daemon off;
                master_process off;
                pid \(folder)/nginx.pid;
                error_log \(folder)/error.log;
                events { worker_connections 64; }
                http {
                    access_log \(folder)/access.log;
                    client_body_temp_path \(folder)/body;
                    proxy_temp_path \(folder)/proxy;
                    fastcgi_temp_path \(folder)/fastcgi;
                    uwsgi_temp_path \(folder)/uwsgi;
                    scgi_temp_path \(folder)/scgi;
                    types { text/html html; }
                    server {
                        listen 127.0.0.1:\(port) ssl;
                        ssl_certificate \(folder)/server.pem;
                        ssl_certificate_key \(folder)/server.key;
                        root \(folder)/www;
                    }
                    server {
                        listen [::1]:\(v6Port);
                        root \(folder)/www;
                    }
                }
                """
            try config.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
            daemon = try await Daemon("nginx", ["-p", folder, "-c", folder + "/nginx.conf", "-e", folder + "/error.log"], ready: port)
        }

        var url: String { "https://127.0.0.1:\(port)/page.html" }
        func stop() async { await daemon.stop() }
    }

    @Test func anAuthorityOfOurOwnIsTrustedOnlyWhenNamed() async throws {
        let site = try await Site()
        defer { Task { await site.stop() } }
        func fetch(_ environment: [String: String], _ extra: [String] = []) async throws -> ReaderBinary.Run {
            let reader = try ReaderBinary(environment: environment.merging(["READER_CACHE_DIR": try temporaryFolder("tls")]) { $1 })
            return try await reader.run(["fetch", site.url] + extra)
        }
        let untrusted = try await fetch([:])
        #expect(untrusted.status == 4, "\(untrusted)")
        #expect(untrusted.stderr.split(separator: "\n").count == 1, "one line: \(untrusted)")
        #expect(
            untrusted.stderr.contains("certificate is not trusted") && untrusted.stderr.contains("set SSL_CERT_FILE (or --cacert)"),
            "\(untrusted)")

        #expect(try await fetch(["SSL_CERT_FILE": site.authority]).status == 0)
        #expect(try await fetch([:], ["--cacert", site.authority]).status == 0)
        // A folder of PEM files under any name, as c_rehash's hashed ones.
        let folder = try temporaryFolder("certs")
        try FileManager.default.copyItem(atPath: site.authority, toPath: folder + "/company-root.pem")
        try "not a certificate\n".write(toFile: folder + "/README", atomically: true, encoding: .utf8)
        // A list, as OpenSSL reads it: a folder that is not there is passed over.
        #expect(try await fetch(["SSL_CERT_DIR": "/nonexistent-certs:" + folder]).status == 0)
        let empty = try await fetch(["SSL_CERT_DIR": "/nonexistent-certs"])
        #expect(empty.status == 64 && empty.stderr.contains("SSL_CERT_DIR names"), "\(empty)")

        // Another authority named: still untrusted, and the message names the variable.
        let other = try await fetch(["SSL_CERT_FILE": "/etc/ssl/certs/ca-certificates.crt"])
        #expect(other.status == 4 && other.stderr.contains("SSL_CERT_FILE"), "\(other)")
        let missing = try await fetch(["SSL_CERT_FILE": folder + "/absent.pem"])
        #expect(missing.status == 64 && missing.stderr.contains("SSL_CERT_FILE names"), "\(missing)")
    }

    @Test func httpsThroughTheProxyIsAConnectTunnel() async throws {
        let site = try await Site()
        defer { Task { await site.stop() } }
        let proxy = try await Tinyproxy()
        defer { Task { await proxy.stop() } }
        let reader = try ReaderBinary(environment: [
            "READER_CACHE_DIR": try temporaryFolder("tls-proxy"), "HTTPS_PROXY": proxy.url, "SSL_CERT_FILE": site.authority,
        ])
        let run = try await reader.run(["fetch", site.url, "--verbose"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("through the proxy http://127.0.0.1:\(proxy.port) (HTTPS_PROXY)"), "\(run)")
        #expect(proxy.carried() == ["CONNECT 127.0.0.1:\(site.port) HTTP/1.1"], "\(proxy.carried())")
    }

    @Test func anIPv6LiteralURLIsFetchedAndKeyedWithItsBrackets() async throws {
        let site = try await Site()
        defer { Task { await site.stop() } }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("v6")])
        let url = "http://[::1]:\(site.v6Port)/page.html"
        let run = try await reader.run(["fetch", url])
        #expect(run.status == 0, "\(run)")
        let list = try await reader.run(["cache", "ls", "--json"])
        #expect(list.stdout.contains("\"http://[::1]:\(site.v6Port)/page.html\""), "\(list)")
        let open = try await reader.run(["open", url, "--offline"])
        #expect(open.status == 0 && open.stdout.contains("Trusted."), "\(open)")
    }

    @Test func aRemoteEndpointOnTheIPv6LoopbackIsReachedThroughTheProxy() async throws {
        // nginx serves `/<bucket>/<key>` as a path-style S3 GET asks for it (it ignores the
        // signature): the bucket's request goes to [::1], tunnelled by the proxy of http_proxy.
        let site = try await Site()
        defer { Task { await site.stop() } }
        let proxy = try await Tinyproxy()
        defer { Task { await proxy.stop() } }
        try FileManager.default.createDirectory(atPath: site.folder + "/www/team/reader", withIntermediateDirectories: true)
        try "shared\n".write(toFile: site.folder + "/www/team/reader/object", atomically: true, encoding: .utf8)
        let settings = RemoteSettings(
            endpoint: try Endpoint(url: "http://[::1]:\(site.v6Port)"), region: "us-east-1",
            credentials: Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"))
        let bucket = try Bucket(name: "team", settings: settings, network: NetworkSetup(environment: ["http_proxy": proxy.url]))
        defer { Task { await bucket.shutdown() } }
        #expect(bucket.route == .proxy(try ProxyServer(proxy.url, variable: "http_proxy"), variable: "http_proxy"))
        let object = try await bucket.get("reader/object", limit: 1024)
        #expect(object.map { String(decoding: $0.bytes, as: UTF8.self) } == "shared\n")
        #expect(proxy.carried() == ["CONNECT [::1]:\(site.v6Port) HTTP/1.1"], "\(proxy.carried())")

        // no_proxy naming ::1: direct, and the proxy carries nothing more.
        let direct = try Bucket(
            name: "team", settings: settings, network: NetworkSetup(environment: ["http_proxy": proxy.url, "no_proxy": "::1"]))
        defer { Task { await direct.shutdown() } }
        #expect(direct.route == .bypassed(entry: "::1"))
        #expect(try await direct.get("reader/object", limit: 1024) != nil)
        #expect(proxy.carried().count == 1)
    }
}
