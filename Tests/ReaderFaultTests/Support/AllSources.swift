import Foundation
import ReaderTestHarness
import ReaderTestSupport

/// One loopback server standing in for every source, on real corpus files: the RFC Editor
/// (a 300-entry cut of the real index, RFC 793, and RFC 1 for every other number), a web site (Mozilla's page) and the X API
/// v2 (a real recent-search answer, only for the right bearer token).
final class AllSources: Sendable {
    static let token = "AAAA-fault-suite-bearer-7c1e9d0b2a5f"

    /// A document of each source: how to fetch it and how to open it.
    struct Document: Sendable, CustomStringConvertible {
        var name: String
        var key: String
        var fetch: [String]
        var open: String
        var description: String { name }
    }

    let server: LoopbackServer
    var pageURL: String { server.baseURL + "/articles/mozilla.html" }

    var documents: [Document] {
        [
            Document(name: "rfc", key: "rfc/1", fetch: ["rfc", "1"], open: "1"),
            Document(name: "rfc-index", key: "rfc-index", fetch: ["rfc-index"], open: "rfc-index"),
            Document(name: "html", key: pageURL, fetch: [pageURL], open: pageURL),
            Document(name: "tweets", key: "tweets/search:swift", fetch: ["tweets", "search:swift"], open: "tweets/search:swift"),
        ]
    }

    private init(server: LoopbackServer) {
        self.server = server
    }

    static func start() async throws -> AllSources {
        let index = RFCSite.index(entries: 300)
        let page = try Corpus.bytes("html/mozilla-2/source.html")
        let tweets = try Corpus.bytes("twitter/v2_search_recent.json")
        let rfc793 = try Corpus.bytes("rfc/rfc793.txt")
        let rfcs = RFCSite.handler(index: { index })
        let server = try await LoopbackServer { request in
            if request.uri == "/rfc/rfc793.txt" { return .ok(rfc793) }
            if request.uri == "/articles/mozilla.html" { return .ok(page, contentType: "text/html; charset=utf-8") }
            if request.uri.hasPrefix("/2/tweets/search/recent?") {
                guard request.headers["authorization"] == "Bearer \(token)" else { return .status(401) }
                return .ok(tweets, contentType: "application/json; charset=utf-8")
            }
            return rfcs(request)
        }
        return AllSources(server: server)
    }

    /// `reader` on `store`, pointed at this server for every source.
    func reader(store: String, _ extra: [String: String] = [:]) throws -> ReaderBinary {
        var environment = [
            "READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL, "READER_X_API_URL": server.baseURL,
            "READER_X_BEARER_TOKEN": Self.token,
        ]
        for (key, value) in extra { environment[key] = value }
        return try ReaderBinary(environment: environment)
    }

    /// A store holding one document of each source, made once and copied for each test.
    func filledStore() async throws -> String {
        let template = try await Self.template(self)
        let copy = try temporaryFolder("filled")
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: template, toPath: copy)
        return copy
    }

    private static let templates = TemplateCache()

    private static func template(_ sources: AllSources) async throws -> String {
        try await templates.get {
            let store = try temporaryFolder("template")
            let reader = try sources.reader(store: store)
            for document in sources.documents {
                let run = try await reader.measure(["fetch"] + document.fetch)
                guard run.status == 0 else { throw HarnessError("cannot fill the template store: \(run)") }
            }
            return store
        }
    }

    /// The one server of this test process, started on first use.
    static func shared() async throws -> AllSources {
        try await servers.get { try await AllSources.start() }
    }

    private static let servers = Once<AllSources>()
}

/// A value made once per test process by whichever test asks first.
actor Once<Value: Sendable> {
    private var task: Task<Value, any Error>?
    func get(_ make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let task { return try await task.value }
        let task = Task { try await make() }
        self.task = task
        return try await task.value
    }
}

typealias TemplateCache = Once<String>

/// The blob names the catalog gives an entry, read from `catalog.json` as JSON.
func catalogBlobs(_ store: String, key: String) -> (raw: String, document: String)? {
    guard let data = FileManager.default.contents(atPath: store + "/catalog.json"),
        let catalog = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let entry = (catalog["entries"] as? [String: Any])?[key] as? [String: Any],
        let raw = entry["raw"] as? String, let document = entry["document"] as? String
    else { return nil }
    return (raw, document)
}
