import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// The X API bearer token is sent as `Authorization` and nowhere else: not to another origin
/// after a redirect, into no file of the store, no line of output or log (`--verbose`), no
/// error message, whatever the server answers, even when it echoes the token back.
@Suite struct SecretTests {
    static let token = "AAAA-secret-bearer-5e4d3c2b1a09f8e7"

    enum Answer: String, CaseIterable, Sendable {
        case tweets, refused401, forbidden403, rateLimited429, serverError500, echoedInErrorBody, echoedInProblem
        case redirectElsewhere, connectionRefused
        /// The token sent back as the response's validator: the tweets are kept, the validator is not.
        case echoedInETag
    }

    @Test func theTokenIsInNoFileNoLogLineAndNoErrorMessage() async throws {
        let store = try temporaryFolder("secret")
        let tweets = try Corpus.bytes("twitter/v2_search_recent.json")
        // Where a cross-origin redirect leads: it must not receive the token.
        let elsewhere = try await LoopbackServer { _ in .ok(tweets, contentType: "application/json") }
        defer { Task { await elsewhere.stop() } }
        var outputs: [(String, ChildProcess.Exit)] = []
        for answer in Answer.allCases {
            let api = try await LoopbackServer { request in
                guard request.headers["authorization"] == "Bearer \(Self.token)" else { return .status(400) }
                let echo = "Bearer \(Self.token)"
                switch answer {
                case .tweets: return .ok(tweets, contentType: "application/json")
                case .refused401: return .status(401)
                case .forbidden403: return .status(403)
                case .rateLimited429: return .status(429, headers: [("Retry-After", "600")])
                case .serverError500: return .respond(status: 500, body: Array("internal error for \(echo)".utf8))
                case .echoedInErrorBody:
                    return .ok(
                        Array(#"{"errors":[{"code":89,"message":"Invalid or expired token: \#(echo)"}]}"#.utf8),
                        contentType: "application/json")
                case .echoedInProblem:
                    return .ok(
                        Array(#"{"title":"Unauthorized","detail":"\#(echo) is not valid","type":"about:blank"}"#.utf8),
                        contentType: "application/json")
                case .redirectElsewhere:
                    return .respond(status: 307, headers: [("Location", elsewhere.baseURL + request.uri)])
                case .connectionRefused: return .stall
                case .echoedInETag:
                    return .respond(
                        status: 200, headers: [("Content-Type", "application/json"), ("ETag", "\"\(echo)\""), ("Last-Modified", echo)],
                        body: tweets)
                }
            }
            let closed = try ClosedPort()
            let reader = try ReaderBinary(environment: [
                "READER_CACHE_DIR": store, "READER_X_API_URL": answer == .connectionRefused ? closed.baseURL : api.baseURL,
                "READER_X_BEARER_TOKEN": Self.token,
            ])
            // A generous timeout: every answer comes at once (a refused connection too), and a
            // loaded CI machine once took more than 5 s to serve one.
            let run = try await reader.measure(["fetch", "tweets", "search:\(answer.rawValue)", "--verbose", "--timeout", "30"])
            outputs.append((answer.rawValue, run))
            await api.stop()
            withExtendedLifetime(closed) {}
            let expected: Int32 =
                switch answer {
                case .tweets, .redirectElsewhere, .echoedInETag: 0
                case .echoedInErrorBody, .echoedInProblem: 5
                default: 4
                }
            #expect(run.status == expected, "\(answer): \(run)")
            if answer == .echoedInProblem { #expect(run.stderr.contains("[redacted] is not valid"), "\(run)") }
        }
        #expect(elsewhere.requests.count == 1)
        #expect(elsewhere.requests.allSatisfy { $0.headers["authorization"] == nil }, "the token went to another origin")

        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_X_BEARER_TOKEN": Self.token])
        for command in [
            ["open", "tweets/search:tweets", "--offline", "--verbose"], ["cache", "stats", "--verbose"], ["cache", "verify", "--verbose"],
        ] {
            let run = try await reader.measure(command)
            #expect(run.status == 0, "\(command): \(run)")
            outputs.append((command.joined(separator: " "), run))
        }
        for (name, run) in outputs {
            #expect(!run.stdout.contains(Self.token) && !run.stderr.contains(Self.token), "\(name) printed the token: \(run)")
        }
        let files = FileManager.default.subpaths(atPath: store) ?? []
        #expect(files.contains("catalog.json"))
        for file in files {
            let data = FileManager.default.contents(atPath: store + "/" + file) ?? Data()
            #expect(data.range(of: Data(Self.token.utf8)) == nil, "\(file) holds the token")
        }
        print(
            "secrets: \(outputs.count) runs (\(Answer.allCases.count) server answers, --verbose), \(files.count) store files: the token in none"
        )
    }

    /// Validators go back only to the origin that gave them: after a redirect to another
    /// server, that server gets no `If-None-Match` or `If-Modified-Since`.
    @Test func validatorsAreNotSentToAnotherOrigin() async throws {
        let store = try temporaryFolder("validators")
        let page = try Corpus.bytes("html/mozilla-2/source.html")
        let elsewhere = try await LoopbackServer { _ in .ok(page, contentType: "text/html; charset=utf-8") }
        defer { Task { await elsewhere.stop() } }
        let origin = try await LoopbackServer { _ in
            .respond(
                status: 200,
                headers: [
                    ("Content-Type", "text/html; charset=utf-8"), ("ETag", "\"v1-private\""),
                    ("Last-Modified", "Fri, 08 Aug 2025 12:00:00 GMT"),
                ],
                body: page)
        }
        defer { Task { await origin.stop() } }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store])
        let url = origin.baseURL + "/article.html"
        #expect(try await reader.run(["fetch", url]).status == 0)
        // The same URL now moves to another server.
        origin.setHandler { request in .respond(status: 302, headers: [("Location", elsewhere.baseURL + request.uri)]) }
        let again = try await reader.run(["fetch", url])
        #expect(again.status == 0, "\(again)")
        #expect(origin.requests.last?.headers["if-none-match"] == "\"v1-private\"")
        #expect(elsewhere.requests.count == 1)
        #expect(elsewhere.requests.allSatisfy { $0.headers["if-none-match"] == nil && $0.headers["if-modified-since"] == nil })
    }

    /// Stored tweets open offline with no token set: nothing is fetched, so nothing needs it.
    @Test func storedTweetsOpenOfflineWithoutAToken() async throws {
        let store = try temporaryFolder("tweets-offline")
        let tweets = try Corpus.bytes("twitter/v2_search_recent.json")
        let api = try await LoopbackServer { _ in .ok(tweets, contentType: "application/json") }
        defer { Task { await api.stop() } }
        let withToken = try ReaderBinary(environment: [
            "READER_CACHE_DIR": store, "READER_X_API_URL": api.baseURL, "READER_X_BEARER_TOKEN": Self.token,
        ])
        #expect(try await withToken.run(["fetch", "tweets", "search:swift"]).status == 0)
        let without = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_X_API_URL": api.baseURL])
        let open = try await without.run(["open", "tweets/search:swift", "--offline"])
        #expect(open.status == 0, "\(open)")
        #expect(!open.stdout.isEmpty)
        // Fetching does need it, and says so.
        let fetch = try await without.run(["fetch", "tweets", "search:other"])
        #expect(fetch.status == 64, "\(fetch)")
        #expect(fetch.stderr.contains("READER_X_BEARER_TOKEN"), "\(fetch)")
    }
}
