import Foundation
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import ReaderTestHarness
import Testing

/// The registry with a plugin path, in this process: what loads when, and who wins a conflict.
@Suite struct PluginRegistryTests {
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    func registry(overrides: Set<String> = []) throws -> (Registry, Reports) {
        let folder = try ModuleLibraries.pluginFolder([
            try ModuleLibraries.feed(), try ModuleLibraries.fixture("FutureAPIModule"),
        ])
        let reports = Reports()
        let shelf = PluginShelf(folders: [folder], overrides: overrides) { reports.add($0) }
        return (Registry(modules: builtinModules, plugins: shelf), reports)
    }

    @Test func theShelfLoadsOnlyWhenNoBuiltInModuleServes() throws {
        let (registry, reports) = try registry()
        #expect(registry.module(for: "rfc")?.descriptor.name == "rfc-text")
        #expect(registry.module(forURL: "https://blog.example.org/feed.xml")?.descriptor.name == "html")
        let page = Sample(prefix: Array("<!doctype html><p>x".utf8)[...], fileName: "a.xml")
        #expect(registry.module(recognizing: page)?.descriptor.name == "html")
        #expect(reports.all.isEmpty)

        // A feed is the built-in feed module's: claimed, so the plugin path is not even looked at.
        let feed = Sample(prefix: Array("<?xml version=\"1.0\"?><rss version=\"2.0\">".utf8)[...], fileName: "news.xml")
        #expect(registry.module(recognizing: feed)?.descriptor.name == "feed")
        #expect(reports.all.isEmpty)
        // A request type no built-in module serves loads it, once.
        #expect(registry.module(for: "releases")?.descriptor.name == "releases")
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains("built for module API 2") == true)
        #expect(registry.module(for: "releases")?.descriptor.name == "releases")
        #expect(reports.all.count == 1)
    }

    /// `READER_PLUGIN_OVERRIDE=releases`: its URL patterns win over the HTML module's catch-all.
    @Test func anOverrideLetsTheThirdPartyModuleWin() throws {
        let (plain, _) = try registry()
        #expect(plain.module(forURL: "https://github.com/o/r/releases.atom")?.descriptor.name == "html")
        let (registry, _) = try registry(overrides: ["releases"])
        #expect(registry.module(forURL: "https://github.com/o/r/releases.atom")?.descriptor.name == "releases")
        #expect(registry.module(forURL: "https://blog.example.org/post.html")?.descriptor.name == "html")
        #expect(registry.module(for: "rfc")?.descriptor.name == "rfc-text")
    }

    /// Through the C table: locate and parse, with the module's errors named after it.
    @Test func theLoadedModuleParsesAndThrowsAcrossTheBoundary() throws {
        let (registry, _) = try registry()
        let feed = try #require(registry.module(for: "releases"))
        let location = try #require(try feed.locate("https://blog.example.org/feed.xml", settings: Settings([:])))
        #expect(location.key == "https://blog.example.org/feed.xml")
        #expect(location.urls == ["https://blog.example.org/feed.xml"])
        #expect(throws: RequestError.self) { try feed.locate("793", settings: Settings([:])) }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ModuleLibraries.exampleCases + "/atom-blog.xml")))
        let document = try feed.parse(ParseInput(bytes: bytes, requestType: "releases", key: "k"))
        #expect(document.title == "Field Notes")
        #expect(document.entries.map(\.title).first == "Mending a tent pole in the field")
        #expect(throws: ParseError(module: "releases", location: nil, reason: "the feed is empty (0 bytes)")) {
            try feed.parse(ParseInput(bytes: [], requestType: "releases", key: "k"))
        }
    }
}
