import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport

/// Opening a stored document again writes its last rendering (a cat page, as `man` keeps
/// them) — but only while it is still what rendering would give.
@Suite struct ViewCacheTests {
    let reader: Reader
    let options = RenderOptions(format: .text, width: 72, styled: false)

    init() throws {
        let mirror = try temporaryFolder("mirror")
        for name in ["rfc-index.txt", "rfc793.txt"] {
            try Data(try Corpus.bytes("rfc/\(name)")).write(to: URL(fileURLWithPath: "\(mirror)/\(name)"))
        }
        reader = Reader(
            configuration: Configuration(
                storeRoot: try temporaryFolder("views"), settings: Settings(["READER_RFC_EDITOR_URL": "file://" + mirror])),
            modules: builtinModules)
    }

    func viewPath() throws -> String {
        let entry = try #require(try reader.store.entry("rfc/793"))
        return reader.store.views.path(of: entry.document, options.viewVariant)
    }

    @Test func aSecondOpenWritesTheKeptViewAndANewIndexMakesItStale() async throws {
        let first = try await reader.render(.source(type: "rfc", argument: "793"), options)
        #expect(first.contains("TRANSMISSION CONTROL PROTOCOL"))
        #expect(!first.contains("Obsoleted by RFC 9293"))
        // The view is what the next open writes: change it on disk and the change shows.
        let path = try viewPath()
        let view = try #require(try FileSystem.read(path))
        let header = try #require(view.firstIndex(of: UInt8(ascii: "\n")))
        let marker = Array("kept view\n".utf8)
        let changedHeader = String(decoding: view[..<header], as: UTF8.self)
            .replacingOccurrences(of: " \(view.count - header - 1) ", with: " \(marker.count) ")
        try FileSystem.writeAtomically(Array((changedHeader + "\n").utf8) + marker, to: path)
        #expect(try await reader.render(.source(type: "rfc", argument: "793"), options) == "kept view\n")

        // The index arrives: the banner it gives RFC 793 makes the kept view stale.
        try await reader.fetch(.source(type: "rfc-index", argument: ""))
        let second = try await reader.render(.source(type: "rfc", argument: "793"), options)
        #expect(second.contains("Obsoleted by RFC 9293"))
        #expect(second.contains("TRANSMISSION CONTROL PROTOCOL"))
        #expect(try await reader.render(.source(type: "rfc", argument: "793"), options) == second)
        // Other options are other views.
        let narrow = try await reader.render(.source(type: "rfc", argument: "793"), RenderOptions(format: .text, width: 40, styled: false))
        #expect(narrow != second)
        let markdown = try await reader.render(.source(type: "rfc", argument: "793"), RenderOptions(format: .markdown))
        #expect(markdown.contains("Obsoleted by RFC 9293"))
    }

    /// Post times are shown in the machine's zone unless one is given, so views are named by
    /// the zone: the machine's by what it is made from (`TZ`, `/etc/localtime`), without making it.
    @Test func viewsShownInOtherTimeZonesAreKeptApart() {
        let paris = RenderOptions(timeZone: TimeZone(identifier: "Europe/Paris"))
        let tokyo = RenderOptions(timeZone: TimeZone(identifier: "Asia/Tokyo"))
        let machine = RenderOptions()
        #expect(Set([paris.viewVariant, tokyo.viewVariant, machine.viewVariant]).count == 3)
        #expect(machine.viewVariant == RenderOptions().viewVariant)
        #expect(machine.timeZone == TimeZone.current)
        #expect(paris.timeZone.identifier == "Europe/Paris")
        #expect(tokyo.timeZone.identifier == "Asia/Tokyo")
    }

    @Test func aDamagedViewIsRenderedAgain() async throws {
        let rendered = try await reader.render(.source(type: "rfc", argument: "793"), options)
        let path = try viewPath()
        let view = try #require(try FileSystem.read(path))
        for damage in [Array(view.prefix(view.count / 2)), [], Array("reader-view 9 3 -\nabc".utf8)] {
            try FileSystem.writeAtomically(damage, to: path)
            #expect(try await reader.render(.source(type: "rfc", argument: "793"), options) == rendered)
        }
    }

    @Test func gcRemovesTheViewsOfDocumentsNoLongerStored() async throws {
        _ = try await reader.render(.source(type: "rfc", argument: "793"), options)
        let path = try viewPath()
        #expect(FileSystem.exists(path))
        _ = try reader.store.collectGarbage()
        #expect(FileSystem.exists(path))
        try reader.store.catalog.record("rfc/793", nil)
        try reader.store.compactCatalog()
        _ = try reader.store.collectGarbage()
        #expect(!FileSystem.exists(path))
    }

    /// A document stored before its module stated relations (RFC text before version 3) has
    /// none: it is parsed again by the module registered now, so its view ends with what it
    /// cites as a new one does, and the view kept from the older document is not used.
    @Test func aDocumentStoredByAnOlderModuleIsParsedAgainAndListsWhatItCites() async throws {
        let request = Request.source(type: "rfc", argument: "793")
        _ = try await reader.render(request, options)
        let current = try #require(try reader.store.entry("rfc/793"))
        var older = try reader.store.document(of: current)
        older.relations = []
        let raw = try reader.store.raw(of: current)
        let stored = try reader.store.commit(key: "rfc/793", raw: raw, document: older) { rawID, documentID in
            var entry = current
            entry.raw = rawID
            entry.document = documentID
            entry.moduleVersion = "2"
            return entry
        }.entry
        try reader.store.views.write("kept view of the older document\n", stored.document, variant: options.viewVariant, dependency: nil)

        let text = try await reader.render(request, options)
        #expect(text != "kept view of the older document\n")
        let lines = text.split(separator: "\n").map(String.init)
        let cites = try #require(lines.lastIndex(of: "Cites"), "\(text.suffix(500))")
        #expect(
            Array(lines[(cites + 1)...]).map { $0.prefix(30).trimmingCharacters(in: .whitespaces) } == [
                "RFC 761   reader open 761", "RFC 790   reader open 790", "RFC 791   reader open 791",
            ])
        let parsed = try #require(try reader.store.entry("rfc/793"))
        #expect(parsed.moduleVersion == current.moduleVersion)
        #expect(!(try reader.store.document(of: parsed).relations.isEmpty))
    }

    /// A title the older module got wrong (RFC 2916's `E.164 number and DNS` was `RFC 2916`
    /// before RFC text 5) is mended in the catalog when the document is parsed again, so that
    /// `cache ls` and the site's lists name it as `open` does.
    @Test func aDocumentParsedAgainGivesTheCatalogItsTitle() async throws {
        let request = Request.source(type: "rfc", argument: "793")
        _ = try await reader.render(request, options)
        let current = try #require(try reader.store.entry("rfc/793"))
        var older = try reader.store.document(of: current)
        older.title = "RFC 793"
        let raw = try reader.store.raw(of: current)
        _ = try reader.store.commit(key: "rfc/793", raw: raw, document: older) { rawID, documentID in
            var entry = current
            entry.raw = rawID
            entry.document = documentID
            entry.moduleVersion = "4"
            entry.title = older.title
            return entry
        }
        #expect(try reader.store.entry("rfc/793")?.title == "RFC 793")
        _ = try await reader.render(request, options)
        let parsed = try #require(try reader.store.entry("rfc/793"))
        #expect(parsed.title == current.title)
        #expect(parsed.title == "Transmission Control Protocol")
    }
}
