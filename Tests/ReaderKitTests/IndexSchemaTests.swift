import ReaderBuiltins
import ReaderKit
import ReaderSupport
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderStore

/// A search knows the index file holds exactly this version's tables by the digest of their
/// rows (``FullTextIndex/expectedSchemaDigest``), without making them in memory: the digest must
/// be the one of the tables this version makes, or every search would make them again — and a
/// change to the tables that left the digest behind would go unnoticed here.
@Suite struct IndexSchemaTests {
    @Test func theDigestIsOfTheTablesThisVersionMakes() throws {
        let rows = try #require(FullTextIndex.expectedSchema)
        #expect(rows.contains { $0.type == "table" && $0.name == "spans" })
        #expect(FullTextIndex.digest(of: rows) == FullTextIndex.expectedSchemaDigest)
    }

    @Test func rowsThatDifferInAnyFieldHaveAnotherDigest() throws {
        let rows = try #require(FullTextIndex.expectedSchema)
        var moved = rows
        moved[0].sql += " "
        #expect(FullTextIndex.digest(of: moved) != FullTextIndex.digest(of: rows))
        // A field's end moved into the next: the lengths keep the two apart.
        var shifted = rows
        shifted[0].name += "x"
        shifted[0].table = String(shifted[0].table.dropFirst())
        #expect(FullTextIndex.digest(of: shifted) != FullTextIndex.digest(of: rows))
    }
}

/// The schema is read in full once a connection and again only when SQLite's schema cookie
/// moves (``FullTextIndex/Connection/schema()``): a connection kept from one search to the next
/// (the site's) still notices a trigger another connection made in between, and the search
/// rebuilds the index rather than write through it. A real RFC.
@Suite struct KeptSchemaTests {
    @Test func aTriggerMadeBesideAKeptConnectionIsNoticed() throws {
        let reader = Reader(configuration: Configuration(storeRoot: try temporaryFolder("kept-schema")), modules: builtinModules)
        try reader.storeCorpusRFC("rfc793.txt", as: "rfc/793")
        let first = try reader.find(["urgent", "pointer"])
        #expect(Set(first.hits.map(\.key)) == ["rfc/793"] && first.note == nil)
        // Another connection (SQLite's own, as anyone with the store's folder could) adds a trigger.
        let other = try SQLite(path: reader.store.fullText.path, create: false)
        try other.execute("CREATE TRIGGER scribble AFTER INSERT ON documents BEGIN SELECT 1; END;")
        let second = try reader.find(["urgent", "pointer"])
        #expect(Set(second.hits.map(\.key)) == ["rfc/793"])
        #expect(second.note?.contains("damaged") == true, "\(second.note ?? "no note")")
    }
}

/// Every connection that writes the index clears freed pages only where a change writes them
/// anyway (`secure_delete` FAST): SQLite as Debian builds it zeroes every freed page, which made
/// a mirror write a third more to the index's WAL (FullTextIndex.swift). A real RFC.
@Suite struct FreedPagesTests {
    @Test func theIndexWritesFreedPagesOnlyWhenItWritesThemAnyway() throws {
        let reader = Reader(configuration: Configuration(storeRoot: try temporaryFolder("freed-pages")), modules: builtinModules)
        try reader.storeCorpusRFC("rfc793.txt", as: "rfc/793")
        let connection = try #require(try reader.store.fullText.open())
        #expect(try connection.database.cached("PRAGMA secure_delete").first { $0.integer(0) } == 2)
        // SQLite's own default here, which a connection opened without the index's settings keeps.
        let plain = try SQLite(path: reader.store.fullText.path, create: false)
        #expect(try plain.cached("PRAGMA secure_delete").first { $0.integer(0) } != 2)
    }
}
