import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader serve` attacked as issue 28 found it, through the built binary and raw sockets (the
/// requests no client library sends): one GET that overflowed and killed it, two `Host`
/// headers and an absolute-form target answered as our own, connections that hold a socket
/// without asking, a bidi override reaching a page, a query too costly to run, and a fetch
/// posted by another page. Each failed on 0.8.0.
@Suite struct SiteAttackTests {
    /// `reader serve` over a store holding one document of each source and a real RFC index.
    static func serve(_ extra: [String: String] = [:]) async throws -> (ServeProcess, ReaderBinary) {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let reader = try sources.reader(store: store, extra)
        return (try await ServeProcess(reader), reader)
    }

    static func get(_ server: ServeProcess, _ target: String, headers: [String] = []) async throws -> RawHTTP.Reply {
        let head = ["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(server.port)"] + headers + ["Connection: close", "", ""]
        return try await RawHTTP.exchange(port: server.port, head.joined(separator: "\r\n"))
    }

    @Test(arguments: ["/index", "/api/index"])
    func aNumberOutOfRangeIsRefusedInWordsAndTheServerLivesOn(_ path: String) async throws {
        let (server, _) = try await Self.serve()
        defer { Task { try await server.stop() } }
        for query in [
            "limit=9223372036854775807", "limit=1001", "limit=0", "limit=-1", "limit=1e3", "limit=99999999999999999999999",
            "page=9223372036854775807", "year=-9223372036854775808",
        ] {
            let reply = try await Self.get(server, path + "?" + query)
            #expect(reply.status == 400, "\(query): \(reply.text.prefix(300))")
            #expect(reply.text.contains("must be a whole number from"), "\(query): \(reply.text.suffix(300))")
            #expect(server.isRunning, "\(query) killed the server")
        }
        #expect(try await Self.get(server, path + "?limit=1000").status == 200)
        #expect(try await Self.get(server, "/").status == 200, "the server still answers")
    }

    @Test func twoHostHeadersOrATargetNamingAnotherHostAreRefused() async throws {
        let (server, _) = try await Self.serve()
        defer { Task { try await server.stop() } }
        let own = "127.0.0.1:\(server.port)"
        let twoHosts = try await Self.get(server, "/", headers: ["Host: evil.example"])
        #expect(twoHosts.status == 400, "\(twoHosts.text.prefix(300))")
        for target in ["http://evil.example/", "http://evil.example:\(server.port)/rfc/1", "evil.example/"] {
            let reply = try await Self.get(server, target)
            #expect(reply.status == 400, "\(target): \(reply.text.prefix(300))")
        }
        // The target's own authority, as a proxy-minded client sends it, is answered.
        #expect(try await Self.get(server, "http://\(own)/").status == 200)
        #expect(try await Self.get(server, "/").status == 200)
    }

    @Test func aSilentConnectionOrHalfAHeaderIsClosedWhileAPageStillAnswers() async throws {
        let (server, _) = try await Self.serve(["READER_SERVE_IDLE_TIMEOUT": "1", "READER_SERVE_HEADER_TIMEOUT": "1"])
        defer { Task { try await server.stop() } }
        // Each wait is a ceiling: the assertion is that the server closed the connection.
        async let silent = RawHTTP.exchange(port: server.port, "", wait: 20)
        async let half = RawHTTP.exchange(port: server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Hal", wait: 20)
        // An answered request on a kept-alive connection, then nothing: closed too, after its answer.
        async let kept = RawHTTP.exchange(port: server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", wait: 20)
        let page = try await Self.get(server, "/rfc/1")
        #expect(page.status == 200, "a page answers meanwhile")
        let (silentReply, halfReply, keptReply) = try await (silent, half, kept)
        #expect(silentReply.closedByServer && silentReply.bytes.isEmpty)
        #expect(halfReply.closedByServer, "\(halfReply.text.prefix(200))")
        #expect(keptReply.closedByServer && keptReply.status == 200)
        #expect(server.isRunning)
    }

    @Test func aBidiOverrideNeverReachesAPage() async throws {
        let (server, _) = try await Self.serve()
        defer { Task { try await server.stop() } }
        // U+202E (right-to-left override) and U+2066 (an isolate) in a search, which the page shows.
        let reply = try await Self.get(server, "/search?q=%E2%80%AEtcp%E2%81%A6")
        #expect(reply.status == 200)
        #expect(!reply.text.unicodeScalars.contains { [0x202E, 0x2066].contains($0.value) }, "a bidi control reached the page")
        #expect(reply.text.contains("\u{FFFD}tcp\u{FFFD}"), "shown as a replacement character")
    }

    @Test func aQueryTooCostlyToRunIsRefusedByTheSiteAndByFind() async throws {
        let (server, reader) = try await Self.serve()
        defer { Task { try await server.stop() } }
        let longPhrase = Array(repeating: "transmission", count: 3000)
        let manyWords = (1...100).map { "w\($0)" }
        for (words, message) in [(longPhrase, "at most 2000 characters"), (manyWords, "at most 64 words")] {
            let reply = try await Self.get(server, "/search?q=%22" + words.joined(separator: "+") + "%22")
            #expect(reply.status == 400, "\(reply.text.prefix(300))")
            #expect(reply.text.contains(message), "\(reply.text.suffix(400))")
            let run = try await reader.run(["find", "\"" + words.joined(separator: " ") + "\""])
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        }
        #expect(server.isRunning)
    }

    @Test func aFetchPostedByAnotherPageIsRefusedEvenWithTheToken() async throws {
        let (server, _) = try await Self.serve()
        defer { Task { try await server.stop() } }
        // The worst case: the page elsewhere somehow knows this run's token.
        let page = try await Self.get(server, "/rfc/793")
        let token = try #require(page.text.firstMatch(of: /name="token" value="([0-9a-f]+)"/).map { String($0.1) })
        let body = "token=\(token)&rfc=793"
        for headers in [
            ["Origin: http://127.0.0.1:\(server.port + 1)"], ["Origin: null"], ["Sec-Fetch-Site: cross-site"],
            ["Sec-Fetch-Site: same-site", "Origin: http://127.0.0.1:\(server.port)"],
        ] {
            let request =
                (["POST /fetch HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Content-Type: application/x-www-form-urlencoded"]
                + headers + ["Content-Length: \(body.utf8.count)", "Connection: close", "", body]).joined(separator: "\r\n")
            let reply = try await RawHTTP.exchange(port: server.port, request)
            #expect(reply.status == 403, "\(headers): \(reply.text.prefix(300))")
            #expect(reply.text.contains("A page of another site asked this server to fetch: refused."), "\(headers)")
        }
    }
}
