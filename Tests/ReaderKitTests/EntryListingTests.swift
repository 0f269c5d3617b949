import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRegistry
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport
@testable import ReaderWorkers

/// `list --json` and `search --json` print each entry's fields, with title, authors, date and
/// status filled in from the entry when a module left them out.
@Suite struct EntryListingTests {
    func parsed(_ json: String) throws -> [[String: JSONValue]] {
        try JSONDecoder().decode([JSONValue].self, from: Data(json.utf8)).map { try #require($0.objectValue) }
    }

    @Test func theRealIndexIsListedWithEveryFieldOfEveryEntry() throws {
        let module = try #require(Registry(modules: builtinModules).module(for: "rfc-index"))
        let entries = try module.parse(
            ParseInput(
                bytes: try Corpus.bytes("rfc/rfc-index.txt"), requestType: "rfc-index", key: "rfc-index")
        ).entries
        let listed = try parsed(JSONRenderer.entries(entries))
        #expect(listed.count == 9816)
        #expect(listed == entries.map(\.fields))
        let tcp = try #require(listed.first { $0["number"] == .number(793) })
        #expect(tcp["title"] == .string("Transmission Control Protocol"))
        #expect(tcp["status"] == .string("INTERNET STANDARD"))
        #expect(tcp["obsoletedBy"] == .array([.number(9293)]))
    }

    @Test func keysAModuleLeftOutComeFromTheEntry() throws {
        let bare = Entry(
            id: "1", title: "A title", authors: ["A. Author"], date: "2020-01", status: nil,
            fields: ["number": .number(1), "nested": .object(["title": .string("not the entry's"), "date": .null])])
        let full = Entry(
            id: "2", title: "Ignored",
            fields: [
                "title": .string("Kept"), "authors": .array([]), "date": .null, "status": .string("DRAFT"), "a\"b": .bool(true),
            ])
        let listed = try parsed(JSONRenderer.entries([bare, full]))
        #expect(
            listed[0] == [
                "number": .number(1), "nested": .object(["title": .string("not the entry's"), "date": .null]),
                "title": .string("A title"), "authors": .array([.string("A. Author")]), "date": .string("2020-01"), "status": .null,
                "id": .string("1"),
            ])
        #expect(listed[1] == full.fields)
        #expect(JSONRenderer.entries([]) == "[]")
    }

    @Test func controlsInFieldsAreEscapedForTheTerminal() throws {
        let hostile = Entry(
            id: "1", title: "t",
            fields: [
                "title": .string("bidi \u{202E} del \u{7F} c1 \u{9B}"), "authors": .array([]), "date": .null, "status": .null,
            ])
        let json = JSONRenderer.entries([hostile])
        #expect(!json.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x7F || $0.value == 0x9B })
        #expect(try parsed(json)[0]["title"] == .string("bidi \u{202E} del \u{7F} c1 \u{9B}"))
    }
}
