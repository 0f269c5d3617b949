import Foundation
import ReaderModuleCases
import ReaderPluginAPI
import Testing

/// The case runner itself: paths, and that a case that does not hold fails, saying why.
@Suite struct CaseRunnerTests {
    /// A module that reads one entry per line, `id title`.
    struct Lines: ParserModule {
        let descriptor = ModuleDescriptor(
            name: "lines", requestTypes: ["lines"], fileExtensions: ["lines"], version: "1", summary: "test")
        func parse(_ input: ParseInput) throws -> Document {
            let text = String(decoding: input.bytes, as: UTF8.self)
            guard !text.isEmpty else { throw ParseError(module: "lines", location: "line 1", reason: "empty") }
            let entries = text.split(separator: "\n").map { line in
                let parts = line.split(separator: " ", maxSplits: 1)
                return Entry(id: String(parts[0]), title: parts.count > 1 ? String(parts[1]) : "", status: parts.count > 1 ? "ok" : nil)
            }
            return Document(source: input.requestType, key: input.key, title: "Lines", entries: entries)
        }
    }

    static let view = DocumentView.json(
        Document(
            source: "s", key: "k", title: "T", blocks: [.heading(level: 1, number: "3.2", title: "Terms"), .text("Hello world"), .rule],
            entries: [Entry(id: "1", title: "one", fields: ["flag": true]), Entry(id: "2", title: "two", fields: ["flag": false])]))

    @Test func pathsSelectMembersPositionsAndMatches() throws {
        #expect(try CasePath("title").value(in: Self.view) == "T")
        #expect(try CasePath("entries[-1].title").value(in: Self.view) == "two")
        #expect(try CasePath("entries[id=2].title").value(in: Self.view) == "two")
        #expect(try CasePath("entries[fields.flag=true].id").value(in: Self.view) == "1")
        #expect(try CasePath("blocks[number=3.2].title").value(in: Self.view) == "Terms")
        #expect(try CasePath("blocks[0].kind").value(in: Self.view) == "heading")
        #expect(try CasePath("entries[5]").value(in: Self.view) == nil)
        #expect(try CasePath("blocks").count(in: Self.view) == 3)
        #expect(try CasePath("blocks[kind=paragraph]").count(in: Self.view) == 1)
        #expect(try CasePath("entries[fields.flag=false]").count(in: Self.view) == 1)
        #expect(try CasePath("text").count(in: Self.view) == "3.2 Terms\n\nHello world".count)
        #expect(throws: ModuleCase.Malformed.self) { try CasePath("entries[id") }
    }

    func write(_ json: String, input: String) throws -> ModuleCase {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(input.utf8).write(to: folder.appendingPathComponent("input.lines"))
        try Data(json.utf8).write(to: folder.appendingPathComponent("case.json"))
        return try #require(try ModuleCase.all(in: folder).first)
    }

    @Test func aCaseThatHoldsPasses() throws {
        let holding = try write(
            """
            {"module": "lines", "input": "input.lines", "recognize": {"atLeast": 40},
             "expect": {"values": {"title": "Lines", "key": "input.lines", "entries[1].title": "beta"},
                        "counts": {"entries": 2, "entries[status=ok]": 2}, "contains": ["2 beta"], "excludes": ["gamma"],
                        "startsWith": {"text": "1 alpha"}, "endsWith": {"entries[0].title": "pha"}}}
            """, input: "1 alpha\n2 beta\n")
        #expect(holding.run(with: Lines()) == [])
    }

    @Test func aCaseThatDoesNotHoldSaysWhy() throws {
        let failing = try write(
            """
            {"module": "lines", "input": "input.lines", "recognize": {"atMost": 10},
             "expect": {"values": {"title": "Words", "entries[id=9].title": "x"}, "counts": {"entries": 3},
                        "contains": ["gamma"], "excludes": ["alpha"], "bogus": 1}}
            """, input: "1 alpha\n2 beta\n")
        #expect(
            failing.run(with: Lines()) == [
                "recognize gave 40; expected at most 10",
                "unknown expectation \"bogus\" (known: contains, counts, endsWith, excludes, startsWith, values)",
                "entries[id=9].title is not in the document",
                "title is \"Lines\"; expected \"Words\"",
                "entries counts 2; expected 3",
                "the text lacks \"gamma\"",
                "the text has \"alpha\", which it must not",
            ])
    }

    @Test func anExpectedErrorMustHappen() throws {
        let expected = try write(#"{"module": "lines", "input": "input.lines", "expect": {"error": "line 1: empty"}}"#, input: "")
        #expect(expected.run(with: Lines()) == [])
        let missing = try write(#"{"module": "lines", "input": "input.lines", "expect": {"error": "empty"}}"#, input: "1 a")
        #expect(missing.run(with: Lines()) == ["parsing succeeded; expected an error containing \"empty\""])
        let other = try write(#"{"module": "other", "input": "input.lines", "expect": {}}"#, input: "1 a")
        #expect(other.run(with: Lines()) == ["the case is for module 'other', not 'lines'"])
    }
}
