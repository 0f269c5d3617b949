import Foundation
import ReaderTestHarness
import Synchronization
import Testing

/// `reader fetch` through a real forward proxy (Debian's tinyproxy on 127.0.0.1), named by
/// the environment as curl reads it; what the proxy carried is read from its own log.
@Suite(.serialized, .enabled(if: Tools.runs("tinyproxy"))) struct ProxyEndToEndTests {
    static let page = Array("<html><head><title>Behind a proxy</title></head><body><p>Carried.</p></body></html>".utf8)

    func origin() async throws -> LoopbackServer {
        try await LoopbackServer { request in
            .serve(["/page.html": Self.page], request: request)
        }
    }

    @Test func httpProxyCarriesTheRequestAndVerboseSaysWhich() async throws {
        let proxy = try await Tinyproxy()
        defer { Task { await proxy.stop() } }
        let server = try await origin()
        defer { Task { await server.stop() } }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("proxy"), "http_proxy": proxy.url])
        let run = try await reader.run(["fetch", server.baseURL + "/page.html", "--verbose"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("through the proxy http://127.0.0.1:\(proxy.port) (http_proxy)"), "\(run)")
        #expect(proxy.carried() == ["CONNECT 127.0.0.1:\(server.port) HTTP/1.1"], "\(proxy.carried())")
    }

    @Test func credentialsInTheProxyURLAreSentAndNeverPrinted() async throws {
        let proxy = try await Tinyproxy(credentials: ("reader", "Pr0xyPassw0rd"))
        defer { Task { await proxy.stop() } }
        let server = try await origin()
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("proxy-auth")
        let good = try ReaderBinary(environment: [
            "READER_CACHE_DIR": store, "http_proxy": "http://reader:Pr0xyPassw0rd@127.0.0.1:\(proxy.port)",
        ])
        let run = try await good.run(["fetch", server.baseURL + "/page.html", "--verbose"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("(with credentials)"), "\(run)")
        #expect(!run.stderr.contains("Pr0xyPassw0rd") && !run.stdout.contains("Pr0xyPassw0rd"), "\(run)")
        #expect(proxy.carried().count == 1, "\(proxy.carried())")

        let wrong = try ReaderBinary(environment: [
            "READER_CACHE_DIR": store, "http_proxy": "http://reader:WrongPassw0rd@127.0.0.1:\(proxy.port)",
        ])
        let refused = try await wrong.run(["fetch", server.baseURL + "/other.html", "--verbose"])
        #expect(refused.status == 4, "\(refused)")
        #expect(!refused.stderr.contains("WrongPassw0rd"), "\(refused)")
        // Nothing outside the store was written: the store holds the credentials nowhere.
        let stored = FileManager.default.enumerator(atPath: store)?.compactMap { $0 as? String } ?? []
        for file in stored {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: store + "/" + file))) ?? Data()
            #expect(bytes.range(of: Data("Pr0xyPassw0rd".utf8)) == nil, "\(file) holds the proxy password")
        }
    }

    @Test func noProxyAndUpperCaseHTTPProxyGoDirect() async throws {
        let proxy = try await Tinyproxy()
        defer { Task { await proxy.stop() } }
        let server = try await origin()
        defer { Task { await server.stop() } }
        for (environment, said) in [
            (["http_proxy": proxy.url, "no_proxy": "localhost,127.0.0.1"], "no proxy (no_proxy names '127.0.0.1')"),
            (["http_proxy": proxy.url, "NO_PROXY": "127.0.0.0/8"], "no proxy (no_proxy names '127.0.0.0/8')"),
            (["http_proxy": proxy.url, "no_proxy": "127.0.0.1:\(server.port)"], "no proxy (no_proxy names '127.0.0.1:\(server.port)')"),
            (["http_proxy": proxy.url, "no_proxy": "*"], "no proxy (no_proxy names '*')"),
            // curl reads `http_proxy` in lower case only.
            (["HTTP_PROXY": proxy.url], nil),
        ] {
            let store = try temporaryFolder("no-proxy")
            let reader = try ReaderBinary(environment: environment.merging(["READER_CACHE_DIR": store]) { $1 })
            let run = try await reader.run(["fetch", server.baseURL + "/page.html", "--verbose"])
            #expect(run.status == 0, "\(environment): \(run)")
            if let said { #expect(run.stderr.contains(said), "\(run)") }
            #expect(!run.stderr.contains("through the proxy"), "\(run)")
        }
        // The proxy's log shows none of them.
        #expect(proxy.carried().isEmpty, "\(proxy.carried())")
    }
}
