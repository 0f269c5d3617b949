import CSQLite
import Foundation
import ReaderTestHarness
import Testing

/// `fulltext/index.db` is derived data anyone who can write the store's folder may replace, or a
/// disk may damage. Whatever it holds, `find` answers (rebuilding it, said in one line), `fetch`
/// stores, `cache verify` ends and names the damage: nothing the file defines runs (a view, a
/// trigger), no statement spins for ever, no number read from it traps. Each command runs under a
/// generous bound that fails the test when it hangs.
@Suite struct CraftedIndexTests {
    enum Craft: String, CaseIterable, Sendable {
        /// `meta` replaced by a view whose recursive CTE never ends.
        case endlessView
        /// A trigger on `documents` that never ends, run by the next document indexed.
        case endlessTrigger
        /// A passage table whose count of hashes is 2^62+5: twice it overflows.
        case hugeVarint
        /// The first document's passages moved to a row id near the lowest there is: the
        /// distance from a matching row to it overflows.
        case negativeRowID
        /// A table of its own beside ours.
        case foreignTable

        var sql: String {
            let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)"
            switch self {
            case .endlessView:
                return "DROP TABLE meta; CREATE VIEW meta(name, value) AS \(endless) SELECT 'layout', x FROM c;"
            case .endlessTrigger:
                return "CREATE TRIGGER spin AFTER INSERT ON documents BEGIN \(endless) SELECT count(*) FROM c; END;"
            case .hugeVarint:
                // A title of one word, then a list of 2^62+5 hashes.
                return "UPDATE spans SET passages = X'01' || X'858080808080808040';"
            case .negativeRowID:
                return "UPDATE spans SET first = -9223372036854775000 WHERE first = (SELECT min(first) FROM spans);"
            case .foreignTable:
                return "CREATE TABLE scribbles(text);"
            }
        }

        /// Whether `cache verify` must name it before anything rebuilds it.
        var isNamedByVerify: Bool { self != .endlessTrigger }
    }

    /// Runs `sql` on the store's index with SQLite itself, as an attacker would.
    static func craft(_ store: String, _ sql: String) throws {
        var database: OpaquePointer?
        guard sqlite3_open_v2(store + "/fulltext/index.db", &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let database else {
            throw HarnessError("cannot open the index of \(store)")
        }
        defer { sqlite3_close_v2(database) }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw HarnessError("cannot craft the index: \(message.map { String(cString: $0) } ?? "?")")
        }
    }

    @Test(arguments: Craft.allCases)
    func aCraftedIndexIsNamedThenRebuiltNeverRun(_ craft: Craft) async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        try Self.craft(store, craft.sql)
        let reader = try sources.reader(store: store)

        if craft.isNamedByVerify {
            let verify = try await reader.run(["cache", "verify"], timeout: 60)
            #expect(verify.status == 6, "\(craft): \(verify)")
            #expect((verify.stdout + verify.stderr).contains("fulltext/index.db"), "\(craft): \(verify)")
        }
        // A fetch indexes a document: no trigger of the file runs, nothing hangs.
        let fetch = try await reader.run(["fetch", "rfc", "793"], timeout: 60)
        #expect(fetch.status == 0, "\(craft): \(fetch)")
        let stored = try await reader.run(["open", "793", "--offline"], timeout: 60)
        #expect(stored.status == 0, "\(craft): \(stored)")
        // RFC 1 has the word, in the first passage table: a search meets what was crafted there.
        let find = try await reader.run(["find", "host"], timeout: 60)
        #expect(find.status == 0 && !find.stdout.isEmpty, "\(craft): \(find)")
        #expect(find.stderr.split(separator: "\n").count <= 1, "\(craft): \(find)")
        #expect(find.stderr.isEmpty || find.stderr.hasPrefix("reader: "), "\(craft): \(find)")
        // Rebuilt: the store is sound again.
        let again = try await reader.run(["cache", "verify"], timeout: 60)
        #expect(again.status == 0, "\(craft): \(again)")
    }

    /// A damaged passage table met by a search with the index otherwise current: `find` does
    /// not trap (exit 132), it rebuilds and answers (RFC 1 has the word, in the first span).
    @Test(arguments: [Craft.hugeVarint, .negativeRowID])
    func aDamagedPassageTableMetBySearchIsRebuilt(_ craft: Craft) async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        try Self.craft(store, craft.sql)
        let find = try await sources.reader(store: store).run(["find", "host"], timeout: 60)
        #expect(find.status == 0, "\(find)")
        #expect(find.stderr.contains("rebuilt"), "\(find)")
        #expect(find.stderr.split(separator: "\n").count == 1, "\(find)")
    }
}
