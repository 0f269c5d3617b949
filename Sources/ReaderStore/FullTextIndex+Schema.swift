import CSQLite
import Crypto
import ReaderSupport

/// Whether the file at the index's path holds exactly the tables this version makes: the index
/// is derived data anyone with the store's folder may have replaced, so nothing in it is read
/// before its schema is checked. A view or a trigger (SQLite runs neither here, ``SQLite``), an
/// index or a table of its own, another column: not an index of ours, rebuilt.
extension FullTextIndex.Connection {
    /// What the file holds.
    enum Schema {
        /// No table yet: a process killed while making them, or one making them now.
        case empty
        /// Exactly the layout this version makes.
        case current
        /// The `meta` table as every version makes it, with other tables beside it: another
        /// version's index, whose layout `meta` says.
        case otherLayout
    }

    /// The file's schema, or a damage failure when it holds anything else.
    ///
    /// Read in full once a connection, then again only when SQLite's schema cookie (which every
    /// change of a table, an index, a view or a trigger moves) has moved: a kept connection
    /// asks before every batch a mirror indexes and every search the site answers, and reading
    /// and digesting the rows each time was 1.5 % of a mirror's CPU, all of it in the index
    /// writer, the one step that runs alone.
    func schema() throws -> Schema {
        let cookie = try database.cached("PRAGMA schema_version").first { $0.integer(0) }
        if let cookie, cookie == currentSchemaCookie { return .current }
        let schema = try readSchema()
        currentSchemaCookie = schema == .current ? cookie : nil
        return schema
    }

    private func readSchema() throws -> Schema {
        let read = try database.cached("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
        defer { read.reset() }
        var rows: [FullTextIndex.SchemaRow] = []
        while try read.step() {
            rows.append(.init(type: read.text(0) ?? "", name: read.text(1) ?? "", table: read.text(2) ?? "", sql: read.text(3) ?? ""))
            guard rows.count <= 64 else { break }
        }
        if rows.isEmpty { return .empty }
        if FullTextIndex.digest(of: rows) == FullTextIndex.expectedSchemaDigest { return .current }
        guard let expected = FullTextIndex.expectedSchema else {
            throw SQLite.Failure(code: SQLITE_ERROR, message: "the index's layout could not be made in memory")
        }
        if rows == expected { return .current }
        let meta = expected.filter { $0.table == "meta" }
        if rows.filter({ $0.table == "meta" }) == meta, !rows.contains(where: { $0.type == "view" || $0.type == "trigger" }) {
            return .otherLayout
        }
        throw SQLite.Failure(code: SQLITE_CORRUPT, message: "it holds tables, views or triggers reader does not make")
    }
}

extension FullTextIndex {
    struct SchemaRow: Equatable, Sendable {
        var type: String
        var name: String
        var table: String
        var sql: String
    }

    /// The SHA-256 of ``expectedSchema``'s rows (``digest(of:)``) as the SQLite this version is
    /// built and tested with records them: a file whose rows have it holds exactly them, known
    /// without making the tables in memory — 0.4 ms of every `find`'s 4 that matches nothing.
    /// Another SQLite may record them otherwise; its files' rows are then held to
    /// `expectedSchema` itself. `IndexSchemaTests` holds the two together.
    static let expectedSchemaDigest = "6d4dd33de39a44b932b2998bbba11ef4aa02ae9189905e8c925a89a49e42e21b"

    /// A digest of schema rows: each field's length before it, so no two lists of rows share one.
    static func digest(of rows: [SchemaRow]) -> String {
        var hash = SHA256()
        for row in rows {
            for field in [row.type, row.name, row.table, row.sql] {
                hash.update(data: Array(String(field.utf8.count).utf8) + [0x3A] + Array(field.utf8))
            }
        }
        return BlobID(digest: hash.finalize()).hex
    }

    /// The schema this version's tables make, as SQLite records it: made once, in memory.
    static let expectedSchema: [SchemaRow]? = {
        guard let database = try? SQLite(path: ":memory:", create: true), (try? database.registerWordsTokenizer()) != nil else {
            return nil
        }
        let connection = Connection(database: database)
        guard (try? connection.makeTables(complete: false)) != nil,
            let read = try? database.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
        else { return nil }
        var rows: [SchemaRow] = []
        while (try? read.step()) == true {
            rows.append(.init(type: read.text(0) ?? "", name: read.text(1) ?? "", table: read.text(2) ?? "", sql: read.text(3) ?? ""))
        }
        return rows
    }()
}

extension FullTextIndex.Connection {
    /// For `cache verify`: reads every passage table as a search would, and throws a damage
    /// failure at the first that is not one (a value out of range, a list past its end, a first
    /// row outside the ids handed out, tables overlapping).
    func checkPassageTables() throws {
        let read = try database.prepare("SELECT first, passages FROM spans ORDER BY first")
        var end: Int64 = PassageTable.rowBound.lowerBound
        while try read.step() {
            guard let table = PassageTable(firstRow: read.integer(0), encoded: read.blob(1)), table.firstRow >= end else {
                throw PassageTable.damaged
            }
            end = table.rows.upperBound
        }
        guard try nextRow() >= end else { throw PassageTable.damaged }
    }
}
