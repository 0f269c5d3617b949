import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// A server that echoes the bearer token back changed — lower-cased, upper-cased, base64 (in a
/// `Basic` credential, after other bytes), base64url, percent-encoded, cut short — cannot make
/// `reader` print it either: every form is redacted from what reaches stderr.
@Suite struct SecretFormTests {
    static let token = "AAAA-secret-Bearer+5e4d3c2b/1a09f8e7Zq"

    static var forms: [String: String] {
        let base64 = Data(token.utf8).base64EncodedString()
        return [
            "lower-cased": token.lowercased(),
            "upper-cased": token.uppercased(),
            "base64": base64,
            "base64 after other bytes": String(Data(("user:" + token).utf8).base64EncodedString().dropFirst(8)),
            "base64url": base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: ""),
            "percent-encoded": token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token,
            "cut short": String(token.prefix(16)),
            "a fragment": String(token.dropFirst(10).prefix(14)),
        ]
    }

    @Test(arguments: forms.keys.sorted())
    func anEchoedFormOfTheTokenIsRedacted(_ name: String) async throws {
        let form = try #require(Self.forms[name])
        let api = try await LoopbackServer { _ in
            .ok(
                Array(#"{"title":"Unauthorized","detail":"token <\#(form)> is not valid","type":"about:blank"}"#.utf8),
                contentType: "application/json")
        }
        defer { Task { await api.stop() } }
        let reader = try ReaderBinary(environment: [
            "READER_CACHE_DIR": try temporaryFolder("secret-forms"), "READER_X_API_URL": api.baseURL, "READER_X_BEARER_TOKEN": Self.token,
        ])
        let run = try await reader.run(["fetch", "tweets", "search:swift", "--verbose"], timeout: 60)
        // The server's words are shown (so the check below can fail), the token's form is not.
        #expect(run.stderr.contains("is not valid"), "\(name): \(run)")
        #expect(run.stderr.contains("[redacted]"), "\(name): \(run)")
        #expect(!run.stderr.contains(form) && !run.stdout.contains(form), "\(name) printed: \(run)")
    }

    /// Ordinary words are left alone: only the token's forms are taken out.
    @Test func ordinaryTextIsNotRedacted() async throws {
        let api = try await LoopbackServer { _ in
            .ok(
                Array(#"{"title":"Unauthorized","detail":"the secret bearer token has expired","type":"about:blank"}"#.utf8),
                contentType: "application/json")
        }
        defer { Task { await api.stop() } }
        let reader = try ReaderBinary(environment: [
            "READER_CACHE_DIR": try temporaryFolder("secret-forms"), "READER_X_API_URL": api.baseURL, "READER_X_BEARER_TOKEN": Self.token,
        ])
        let run = try await reader.run(["fetch", "tweets", "search:swift"], timeout: 60)
        #expect(run.stderr.contains("the secret bearer token has expired"), "\(run)")
    }
}
