import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// What real servers do wrong, for a fetch of every source into a store that already holds a
/// document of each: exit 4 (network, HTTP) or 5 (not parseable), one line naming the URL or
/// the module, and the store byte for byte as it was.
@Suite struct HTTPFaultTests {
    enum Fault: String, CaseIterable, Sendable {
        case redirectLoop, redirectToItself, tooManyRedirects
        case notFound, gone, rateLimited, serverError, unavailable
        case resetMidBody, shortBody, emptyBody, wrongContentType, refused

        /// The reply for a request to `path` (redirects need to know where they are).
        func reply(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
            let path = String(request.uri.split(separator: "?").first ?? "")
            switch self {
            case .redirectLoop:
                return .respond(status: 301, headers: [("Location", path.hasSuffix("/loop") ? "/start" : "/loop")])
            case .redirectToItself:
                return .respond(status: 301, headers: [("Location", request.uri)])
            case .tooManyRedirects:
                let step = Int(path.split(separator: "/").last ?? "") ?? 0
                return .respond(status: 302, headers: [("Location", "/hop/\(step + 1)")])
            case .notFound: return .status(404)
            case .gone: return .status(410)
            case .rateLimited: return .status(429, headers: [("Retry-After", "120")])
            case .serverError: return .status(500)
            case .unavailable: return .status(503, headers: [("Retry-After", "300")])
            case .resetMidBody: return .reset(status: 200, declaredLength: 2_000_000, body: Array(RFCSite.index.prefix(100_000)))
            case .shortBody: return .dropConnection(status: 200, declaredLength: 2_000_000, body: Array(RFCSite.index.prefix(100_000)))
            case .emptyBody: return .ok([])
            case .wrongContentType, .refused: return .status(500)
            }
        }

        /// Words the error line must hold.
        var message: String {
            switch self {
            case .redirectLoop, .redirectToItself: "redirect loop"
            case .tooManyRedirects: "too many redirects"
            case .notFound: "404"
            case .gone: "410"
            case .rateLimited: "rate limited; retry after 120 s"
            case .serverError: "HTTP 500"
            case .unavailable: "retry after 300 s"
            case .resetMidBody: "the server reset the connection"
            case .shortBody: "the connection closed before the whole response arrived"
            case .emptyBody: "cannot parse: "
            case .wrongContentType: "cannot parse: "
            case .refused: "connection refused"
            }
        }
    }

    enum Source: String, CaseIterable, Sendable {
        case rfcIndex, rfc, page, tweets
    }

    @Test(arguments: Fault.allCases, Source.allCases)
    func aServerFaultExits4Or5AndLeavesTheStoreByteIdentical(fault: Fault, source: Source) async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let before = StoreSnapshot(store)
        // A web page where text is expected; where a web page is expected, an image labelled as one.
        let wrongBody = source == .page ? Self.png : try Corpus.bytes("html/mozilla-2/source.html")
        let server = try await LoopbackServer { request in
            if fault == .wrongContentType { return .ok(wrongBody, contentType: "text/html; charset=utf-8") }
            // The first request of a redirect test starts the chain.
            if fault == .tooManyRedirects && !request.uri.hasPrefix("/hop/") {
                return .respond(status: 302, headers: [("Location", "/hop/1")])
            }
            return fault.reply(request)
        }
        defer { Task { await server.stop() } }
        let closed = try ClosedPort()
        let base = fault == .refused ? closed.baseURL : server.baseURL
        let reader = try sources.reader(store: store, ["READER_RFC_EDITOR_URL": base, "READER_X_API_URL": base])
        let fetch: [String]
        switch source {
        case .rfcIndex: fetch = ["rfc-index"]
        case .rfc: fetch = ["rfc", "2"]
        case .page: fetch = [base + "/start"]
        case .tweets: fetch = ["tweets", "search:swift"]
        }
        let run = try await reader.measure(["fetch"] + fetch, timeout: 90)
        let parseFailure = [Fault.emptyBody, .wrongContentType].contains(fault)
        #expect(run.status == (parseFailure ? 5 : 4), "\(run)")
        #expect(run.stderr.hasPrefix("reader: ") && run.stderr.split(separator: "\n").count == 1, "\(run)")
        if !parseFailure { #expect(run.stderr.contains(base), "\(run)") }
        #expect(run.stderr.contains(fault.message), "\(run)")
        #expect(StoreSnapshot(store) == before, "\(StoreSnapshot(store).difference(from: before))")
        withExtendedLifetime(closed) {}
    }

    /// The start of a PNG file (signature, header chunk) and bytes that are no text.
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
}
