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
                case .rateLimited429: return .status(429, headers: [("Retry-After", "60")])
                case .serverError500: return .respond(status: 500, body: Array("internal error for \(echo)".utf8))
                case .echoedInErrorBody:
                    return .ok(Array(#"{"errors":[{"code":89,"message":"Invalid or expired token: \#(echo)"}]}"#.utf8), contentType: "application/json")
                case .echoedInProblem:
                    return .ok(Array(#"{"title":"Unauthorized","detail":"\#(echo) is not valid","type":"about:blank"}"#.utf8), contentType: "application/json")
                case .redirectElsewhere:
                    return .respond(status: 307, headers: [("Location", elsewhere.baseURL + request.uri)])
                case .connectionRefused: return .stall
                }
            }
            let closed = try ClosedPort()
            let reader = try ReaderBinary(environment: [
                "READER_CACHE_DIR": store, "READER_X_API_URL": answer == .connectionRefused ? closed.baseURL : api.baseURL,
                "READER_X_BEARER_TOKEN": Self.token,
            ])
            let run = try await reader.measure(["fetch", "tweets", "search:\(answer.rawValue)", "--verbose", "--timeout", "5"])
            outputs.append((answer.rawValue, run))
            await api.stop()
            withExtendedLifetime(closed) {}
            let expected: Int32 = switch answer {
            case .tweets, .redirectElsewhere: 0
            case .echoedInErrorBody, .echoedInProblem: 5
            default: 4
            }
            #expect(run.status == expected, "\(answer): \(run)")
            if answer == .echoedInProblem { #expect(run.stderr.contains("[redacted] is not valid"), "\(run)") }
        }
        #expect(elsewhere.requests.count == 1)
        #expect(elsewhere.requests.allSatisfy { $0.headers["authorization"] == nil }, "the token went to another origin")

        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_X_BEARER_TOKEN": Self.token])
        for command in [["open", "tweets/search:tweets", "--offline", "--verbose"], ["cache", "stats", "--verbose"], ["cache", "verify", "--verbose"]] {
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
        print("secrets: \(outputs.count) runs (\(Answer.allCases.count) server answers, --verbose), \(files.count) store files: the token in none")
    }
}
