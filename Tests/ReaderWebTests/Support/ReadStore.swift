import Foundation
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport
import ReaderWeb
import Synchronization

/// A store filled as a user fills it — the six corpus RFCs and the real RFC index, two real
/// pages and a real timeline, fetched by `reader` from a server on 127.0.0.1 — made once and
/// shared by the tests that only read it.
enum ReadStore {
    static let rfcs = ["1", "793", "2616", "3986", "8446", "9110"]
    static let pages = ["wikipedia-3", "google-sre-book-1"]
    static let timeline = "twitter/v1_home_timeline.json"

    /// The path of the filled store (and of its RFC source, for tests that fetch more).
    static let filled = Task { try await fill(rfcs: rfcs) }

    /// A new store holding the index and `rfcs`, pages and the timeline; the server it was
    /// fetched from keeps running (a test may fetch more through the site).
    static func fill(rfcs: [String]) async throws -> (store: String, server: LoopbackServer) {
        let store = try temporaryFolder("web-store")
        let server = try await corpusServer()
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL], runner: .inProcess)
        var commands = [["fetch", "rfc-index"], ["fetch", "rfc"] + rfcs, ["fetch", server.baseURL + "/timeline.json"]]
        commands += pages.map { ["fetch", server.baseURL + "/pages/\($0).html"] }
        for words in commands {
            let run = try await reader.run(words)
            guard run.status == 0 else { throw HarnessError("\(words): \(run)") }
        }
        return (store, server)
    }

    /// A new store holding the RFCs of `rfcs` (number → corpus file, a `.gz` one served
    /// inflated) and, with `index`, the real RFC index, fetched by the binary from a loopback RFC
    /// Editor that keeps running (a test may ask what it was asked, then stops it).
    static func storing(_ rfcs: [String: String], index: Bool = false) async throws -> (store: String, server: LoopbackServer) {
        var files: [String: [UInt8]] = index ? ["/rfc-index.txt": try Corpus.bytes("rfc/rfc-index.txt")] : [:]
        for (number, path) in rfcs {
            let bytes = try Corpus.bytes(path)
            files["/rfc/rfc\(number).txt"] = path.hasSuffix(".gz") ? try Inflate.bytes(bytes, gzip: true) : bytes
        }
        let served = files
        let server = try await LoopbackServer { .serve(served, request: $0) }
        let store = try temporaryFolder("web-rfcs")
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL])
        let words = ["fetch"] + (index ? ["rfc-index"] : []) + ["rfc"] + rfcs.keys.sorted()
        let run = try await reader.run(words)
        guard run.status == 0 else {
            await server.stop()
            throw HarnessError("\(words): \(run)")
        }
        return (store, server)
    }

    /// The corpus as the RFC Editor and two websites serve it, and any extra pages.
    static func corpusServer(extra: [String: (bytes: [UInt8], type: String)] = [:]) async throws -> LoopbackServer {
        var files = ["/rfc-index.txt": try Corpus.bytes("rfc/rfc-index.txt")]
        for number in ["1", "793", "2616", "3986", "8446", "9110"] {
            files["/rfc/rfc\(number).txt"] = try Corpus.bytes("rfc/rfc\(number).txt")
        }
        var typed: [String: (bytes: [UInt8], type: String)] = extra
        for page in pages { typed["/pages/\(page).html"] = (try Corpus.bytes("html/\(page)/source.html"), "text/html; charset=utf-8") }
        typed["/timeline.json"] = (try Corpus.bytes(timeline), "application/json")
        let served = files
        let pages = typed
        return try await LoopbackServer { request in
            if let page = pages[request.uri] { return .ok(page.bytes, contentType: page.type) }
            return .serve(served, request: request)
        }
    }

    /// The engine over `store`, as `reader serve` makes it: one for each store and source, as
    /// one `reader serve` keeps one. A new engine per test cut the stored index again for every
    /// search page, a tenth of the whole suite's time in the test process.
    static func reader(_ store: String, rfcSource: String? = nil) -> Reader {
        readers.withLock { readers in
            let key = store + "\n" + (rfcSource ?? "")
            if let reader = readers[key] { return reader }
            var settings: [String: String] = [:]
            if let rfcSource { settings["READER_RFC_EDITOR_URL"] = rfcSource }
            var configuration = Configuration(storeRoot: store, settings: Settings(settings))
            configuration.waitLongForLoopbackServers()
            let reader = Reader(configuration: configuration, modules: builtinModules)
            readers[key] = reader
            return reader
        }
    }

    private static let readers = Mutex<[String: Reader]>([:])
}

extension Configuration {
    /// Two minutes for a loopback server to answer, as the binary's test runs give it
    /// (`--timeout 120`): on a loaded two-core CI run the index's server once took longer than
    /// the default 30 s, and the shared store of three tests was never made.
    mutating func waitLongForLoopbackServers() {
        limits.connectTimeout = 120
        limits.readTimeout = 120
    }
}
