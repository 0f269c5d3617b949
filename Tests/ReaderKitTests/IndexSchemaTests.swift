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
