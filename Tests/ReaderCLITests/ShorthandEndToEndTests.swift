import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// Shorthands through the built binary, on real RFCs from a local mirror: `fetch` and `open`
/// read `793`, `RFC793`, `rfc0793`, `rfc 793` and `@NAME` from the modules' identifiers, mixed
/// on one line; `refs` takes a key, a shorthand or a URL; `find`'s command opens by shorthand.
@Suite struct ShorthandEndToEndTests {
    let store: String
    let reader: ReaderBinary

    init() throws {
        store = try temporaryFolder("e2e-shorthands")
        let mirror = try temporaryFolder("mirror")
        for name in ["rfc-index.txt", "rfc793.txt", "rfc1.txt"] {
            try Data(try Corpus.bytes("rfc/\(name)")).write(to: URL(fileURLWithPath: "\(mirror)/\(name)"))
        }
        reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": "file://" + mirror])
    }

    func keys(_ jsonLines: String) -> [String] {
        jsonLines.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["key"] as? String
        }
    }

    @Test func fetchAndOpenReadEveryShorthandOfAnRFC() async throws {
        // A shorthand is a target by itself in `fetch`, beside the index and a request type.
        let fetch = try await reader.run(["fetch", "rfc-index", "RFC793", "rfc", "1"])
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.stdout.contains("3 of 3 done"), "\(fetch)")
        for words in [["793"], ["RFC793"], ["rfc0793"], ["rfc 793"], ["rfc", "793"], ["rfc/793"]] {
            let open = try await reader.run(["open"] + words + ["--offline", "--format", "json"])
            #expect(open.status == 0 && keys(open.stdout) == ["rfc/793"], "\(words): \(open)")
        }
        let mixed = try await reader.run(["open", "rfc-index", "Rfc", "0001", "793", "--offline", "--format", "json"])
        #expect(keys(mixed.stdout) == ["rfc-index", "rfc/1", "rfc/793"], "\(mixed)")
        // `@NAME`: the tweets of a user, as `tweets user:NAME` (not stored here: the command says so).
        // Each module's shorthands, as `sources --json` lists them.
        let sources = try await reader.run(["sources", "--json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(sources.stdout.utf8)) as? [[String: Any]])
        let shorthands = Dictionary(
            uniqueKeysWithValues: listed.compactMap { source in
                (source["name"] as? String).map { ($0, source["shorthands"] as? [String] ?? []) }
            })
        #expect(
            shorthands == [
                "rfc-index": [], "rfc-index-xml": [], "rfc-text": ["{number}", "rfc {number}"], "drafts": ["draft-{name}"],
                "datatracker": ["datatracker:draft-{name}"], "errata": [], "tweets": ["@{name}"],
                "html": [], "feed": [],
            ])
        let tweets = try await reader.run(["open", "793", "@jack", "--offline"])
        #expect(tweets.status == 3, "\(tweets)")
        #expect(tweets.stderr.hasPrefix("reader: tweets/user:jack is not in the store; run 'reader fetch tweets user:jack'"), "\(tweets)")
    }

    @Test func refsTakesAKeyAShorthandOrAURL() async throws {
        #expect(try await reader.run(["fetch", "rfc-index", "rfc793"]).status == 0)
        let byNumber = try await reader.run(["refs", "793"])
        #expect(byNumber.status == 0, "\(byNumber)")
        #expect(byNumber.stdout.hasPrefix("RFC 793: Transmission Control Protocol\n"), "\(byNumber)")
        for target in ["rfc/793", "RFC0793", "rfc 793"] {
            #expect(try await reader.run(["refs", target]).stdout == byNumber.stdout, "\(target)")
        }
        // A URL is a key too: not stored, its links are not known yet, and refs says how to know them.
        let page = try await reader.run(["refs", "https://example.org/page"])
        #expect(page.status == 0, "\(page)")
        #expect(page.stdout.contains("not known until it is stored ('reader fetch https://example.org/page')"), "\(page)")
        let nothing = try await reader.run(["refs", "nothing-here"])
        #expect(nothing.status == 64 && nothing.stderr.hasPrefix("reader: ") && nothing.stdout.isEmpty, "\(nothing)")
    }

    /// `@NAME` fetches and opens a user's tweets (real X API v2 JSON from a loopback server),
    /// and `find` offers a tweet by the same shorthand.
    @Test func atNameFetchesOpensAndIsWhatFindOffers() async throws {
        let body = try Corpus.bytes("twitter/v2_search_recent.json")
        let server = try await LoopbackServer { request in
            request.uri.hasPrefix("/2/tweets/search/recent?") ? .ok(body, contentType: "application/json") : .status(404)
        }
        let tweets = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_X_API_URL": server.baseURL, "READER_X_BEARER_TOKEN": "test-token-1234"])
        let fetch = try await tweets.run(["fetch", "@happycamper"])
        await server.stop()
        #expect(fetch.status == 0, "\(fetch)")
        #expect(server.requests.first?.uri.contains("query=from%3Ahappycamper") == true)
        let open = try await tweets.run(["open", "@happycamper", "--offline", "--format", "json"])
        #expect(keys(open.stdout) == ["tweets/user:happycamper"], "\(open)")
        let find = try await tweets.run(["find", "happycamper", "--source", "tweets", "--limit", "1", "--json"])
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(find.stdout.utf8)) as? [[String: Any]], "\(find)")
        let command = try #require(hits.first?["open"] as? String)
        #expect(command.hasPrefix("reader open @happycamper --section "), "\(command)")
    }
}
