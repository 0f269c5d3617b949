import Foundation
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport

/// A built-in module whose documents also state what a module may state besides its text — a
/// label, a status line, relations — as the test says: real documents, with relations the test
/// controls (the built-in modules do not state them yet).
struct StatingModule: ParserModule {
    let base: any ParserModule
    let state: @Sendable (Document) -> Document

    var descriptor: ModuleDescriptor { base.descriptor }
    func parse(_ input: ParseInput) throws -> Document { state(try base.parse(input)) }
    func recognize(_ sample: Sample) -> Int { base.recognize(sample) }
    func locate(_ argument: String, settings: Settings) throws -> Location? { try base.locate(argument, settings: settings) }
    func expand(_ arguments: [String]) throws -> [String] { try base.expand(arguments) }
}

/// A store of real documents — the RFC index, RFC 793, two corpus web pages and the corpus
/// timeline, fetched from a loopback server — whose page and timeline state relations: the
/// Wikipedia page links to the SRE book page (stored), to a page outside (not stored), and
/// cites RFC 6093 (not stored, issued: a fetch button); the timeline replies to a post not
/// stored and quotes the Wikipedia page.
enum StatedStore {
    static let wikipedia = "/pages/wikipedia-3.html"
    static let book = "/pages/google-sre-book-1.html"
    static let outside = "https://example.org/elsewhere"

    /// Shared by the tests that only read it.
    static let shared = Task { try await fill() }

    static func fill() async throws -> (store: String, server: LoopbackServer, reader: Reader) {
        let store = try temporaryFolder("stated-store")
        let server = try await ReadStore.corpusServer(extra: [
            "/rfc/rfc6093.txt": (try Corpus.bytes("rfc/rfc6093.txt"), "text/plain; charset=utf-8")
        ])
        let base = server.baseURL
        let wikipedia = Request.urlKey(base + Self.wikipedia)
        let book = Request.urlKey(base + Self.book)
        let modules = builtinModules.map { module -> any ParserModule in
            switch module.descriptor.requestTypes.first {
            case "html":
                StatingModule(base: module) { document in
                    guard document.key == wikipedia else { return document }
                    var stated = document
                    stated.status = "Encyclopedia article · linear algebra"
                    stated.relations = [
                        Relation(.links, target: book), Relation(.links, target: Self.outside),
                        Relation(.cites, target: "rfc/6093", section: "Properties[edit]"),
                    ]
                    return stated
                }
            case "tweets":
                StatingModule(base: module) { document in
                    var stated = document
                    stated.label = "@home"
                    stated.relations = [Relation(.repliesTo, target: "tweets/status:1"), Relation(.quotes, target: wikipedia)]
                    return stated
                }
            default: module
            }
        }
        func reader() -> Reader {
            var configuration = Configuration(storeRoot: store, settings: Settings(["READER_RFC_EDITOR_URL": base]))
            // The corpus pages name their pictures at their publishers' hosts: never asked here.
            configuration.pictures.enabled = false
            configuration.waitLongForLoopbackServers()
            return Reader(configuration: configuration, registry: Registry(modules: modules))
        }
        let fetching = reader()
        for request in [
            Request.source(type: "rfc-index", argument: ""), .source(type: "rfc", argument: "793"), .url(wikipedia), .url(book),
            .url(Request.urlKey(base + "/timeline.json")),
        ] {
            try await fetching.fetch(request)
        }
        // The site's engine is another, as `reader serve` is another process than `reader fetch`.
        return (store, server, reader())
    }
}
