import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader fetch tweets …` against a real HTTP server on 127.0.0.1 standing in for the X API
/// v2, and `reader open` of tweet files.
@Suite struct TweetsEndToEndTests {
    let store: String
    let token = "AAAA-test-bearer-9f8e7d6c5b4a"

    init() throws {
        store = try temporaryFolder("e2e-tweets")
    }

    func api() async throws -> LoopbackServer {
        let body = try Corpus.bytes("twitter/v2_search_recent.json")
        let expected = "Bearer \(token)"
        return try await LoopbackServer { request in
            guard request.headers["authorization"] == expected else {
                return .respond(
                    status: 401, headers: [("Content-Type", "application/json")],
                    body: Array(#"{"title":"Unauthorized","status":401}"#.utf8))
            }
            guard request.uri.hasPrefix("/2/tweets/search/recent?") else { return .status(404) }
            return .ok(body, contentType: "application/json; charset=utf-8")
        }
    }

    @Test func fetchUserTimelineFromTheAPIThenOpenItOfflineAndTheTokenIsNowhere() async throws {
        let server = try await api()
        let reader = try ReaderBinary(
            environment: [
                "READER_CACHE_DIR": store, "READER_X_API_URL": server.baseURL, "READER_X_BEARER_TOKEN": token,
            ], runner: .inProcess)
        let fetch = try await reader.run(["fetch", "tweets", "user:happycamper", "--verbose"])
        #expect(fetch.status == 0, "\(fetch)")
        let request = try #require(server.requests.first)
        #expect(request.uri.contains("query=from%3Ahappycamper") || request.uri.contains("query=from:happycamper"))
        #expect(request.uri.contains("expansions="))
        await server.stop()

        let open = try await reader.run(["open", "tweets/user:happycamper", "--offline", "--format", "json"])
        #expect(open.status == 0, "\(open)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(open.stdout.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == 4)
        #expect(items.first?["author"] as? String == "happycamper")

        let text = try await reader.run(["open", "tweets/user:happycamper", "--offline"])
        #expect(text.stdout.contains("@happycamper"))

        // The token never reaches the store, the output or the log.
        for output in [fetch.stdout, fetch.stderr, open.stdout, text.stdout] { #expect(!output.contains(token)) }
        let files = FileManager.default.enumerator(atPath: store)?.allObjects as? [String] ?? []
        for file in files {
            let data = FileManager.default.contents(atPath: store + "/" + file) ?? Data()
            #expect(data.range(of: Data(token.utf8)) == nil, "\(file) holds the token")
        }
    }

    @Test func aRefusedTokenExits4WithAClearMessageAndStoresNothing() async throws {
        let server = try await api()
        defer { Task { await server.stop() } }
        let reader = try ReaderBinary(
            environment: [
                "READER_CACHE_DIR": store, "READER_X_API_URL": server.baseURL, "READER_X_BEARER_TOKEN": "wrong-token-value",
            ], runner: .inProcess)
        let run = try await reader.run(["fetch", "tweets", "search:swift"])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("401"))
        #expect(!run.stderr.contains("wrong-token-value"))
        #expect(!FileManager.default.fileExists(atPath: store + "/catalog.json"))

        let limited = try await LoopbackServer { _ in .status(429, headers: [("Retry-After", "900")]) }
        let rate = try await ReaderBinary(
            environment: [
                "READER_CACHE_DIR": store, "READER_X_API_URL": limited.baseURL, "READER_X_BEARER_TOKEN": token,
            ], runner: .inProcess
        ).run(["fetch", "tweets", "search:swift"])
        await limited.stop()
        #expect(rate.status == 4, "\(rate)")
        #expect(rate.stderr.contains("rate limited; retry after 900 s"))
        #expect(!rate.stderr.contains(token))

        let noToken = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_X_API_URL": server.baseURL], runner: .inProcess)
        let missing = try await noToken.run(["fetch", "tweets", "user:someone"])
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.stderr.contains("READER_X_BEARER_TOKEN"))
    }

    @Test func aTweetFileIsRecognisedByItsShapeAndAnErrorBodyExits5() async throws {
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .inProcess)
        // Copied under a name that says nothing, so only the content can tell.
        let copy = store + "/download.dat"
        try Data(try Corpus.bytes("twitter/v1_search_emoji_html_escaped.json")).write(to: URL(fileURLWithPath: copy))
        let open = try await reader.run(["open", copy, "--format", "json"])
        #expect(open.status == 0, "\(open)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(open.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "tweets")

        let error = try await reader.run(["open", Corpus.url("twitter/v1_error_not_found_144.json").path])
        #expect(error.status == 5, "\(error)")
        #expect(error.stderr.contains("No status found with that ID"))
    }
}
