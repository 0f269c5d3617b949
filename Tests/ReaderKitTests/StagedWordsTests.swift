import ReaderBuiltins
import ReaderKit
import ReaderTestHarness
import Testing

@testable import ReaderStore

/// A stored document's words are staged by its commit and moved into FTS5's table many at a
/// time (FullTextIndex+Staging.swift): a document stored by a process that never got to move
/// them (killed, or a library caller that stores and stops) is found all the same, and one
/// replaced while its words were staged leaves none of them behind. Real RFCs.
@Suite struct StagedWordsTests {
    let reader: Reader

    init() throws {
        reader = Reader(configuration: Configuration(storeRoot: try temporaryFolder("staged-words")), modules: builtinModules)
    }

    /// Stores the corpus RFC `file` under `key`, as a fetch commits it.
    func store(_ file: String, as key: String) throws {
        try reader.storeCorpusRFC(file, as: key)
    }

    func found(_ words: [String]) throws -> Set<String> {
        Set(try reader.find(words).hits.map(\.key))
    }

    func staged() throws -> Bool {
        try #require(try reader.store.fullText.open()).hasStaged()
    }

    @Test func aDocumentWhoseWordsAreStillStagedIsFound() throws {
        try store("rfc793.txt", as: "rfc/793")
        // Committed, nothing folded it: the search does, first.
        #expect(try staged())
        #expect(try found(["urgent", "pointer"]) == ["rfc/793"])
        #expect(try !staged())
    }

    @Test func aDocumentReplacedWhileItsWordsAreStagedLeavesNoneBehind() throws {
        try store("rfc793.txt", as: "rfc/793")
        // Another text under the same key before any search: the first one's words are staged.
        try store("rfc3986.txt", as: "rfc/793")
        // The staged words left are the new text's only: the old one's went with its rows (a
        // search would skip them, but they would stay in the index for good).
        let index = try #require(try reader.store.fullText.open())
        let orphans = try index.database.prepare(
            "SELECT count(*) FROM staged WHERE row < (SELECT min(first) FROM documents)"
        ).first { $0.integer(0) }
        #expect(orphans == 0)
        #expect(try found(["urgent", "pointer"]).isEmpty)
        #expect(try found(["unreserved", "delims"]) == ["rfc/793"])
        // Folded, then replaced again: the words FTS5 holds are taken out, as they always were.
        try store("rfc793.txt", as: "rfc/793")
        #expect(try found(["unreserved", "delims"]).isEmpty)
        #expect(try found(["urgent", "pointer"]) == ["rfc/793"])
    }
}
