import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to a SQLite database of the store, and the few calls the full-text index
/// makes through it: statements with bound values, rows read by column, transactions.
///
/// A connection is used by one thread at a time (it is not `Sendable`): each command opens
/// its own, and SQLite's locks (WAL, a busy timeout) order the processes that share the file.
package final class SQLite {
    package struct Failure: Error, CustomStringConvertible {
        /// SQLite's primary result code (`SQLITE_CORRUPT`, `SQLITE_BUSY`, …).
        var code: Int32
        var message: String
        /// The system's `errno` behind it, when a system call failed (`ENOSPC`, `EROFS`).
        var systemError: Int32 = 0
        package var description: String { message }

        package init(code: Int32, message: String, systemError: Int32 = 0) {
            self.code = code
            self.message = message
            self.systemError = systemError
        }
        /// The file is not a database, or not one SQLite can read: damage, to rebuild.
        package var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

        /// The error a user sees when the database at `path` could not be written: the
        /// system's words for a full disk or a read-only store, as the store's other writes say.
        package func storageError(_ path: String) -> ReaderError {
            let reason: String
            if systemError != 0 {
                reason = String(cString: strerror(systemError))
            } else if code == SQLITE_FULL {
                reason = "No space left on device"
            } else if code == SQLITE_READONLY {
                reason = "Read-only file system"
            } else {
                reason = message
            }
            return .storage("\(path): \(reason)")
        }
    }

    private let handle: OpaquePointer
    /// Statements prepared once and run again (``cached(_:)``).
    private var kept: [String: Statement] = [:]
    /// When the statement running now must stop (``StepWatch``).
    private let watch = StepWatch()

    /// How long one step of a statement may run (a row, or a statement that returns none)
    /// before it is interrupted, with an error; nil: no bound (a whole rebuild, in one
    /// transaction). A file crafted to make a statement run for ever then costs this at most.
    package var stepBound: Duration? {
        get { watch.bound }
        set { watch.bound = newValue }
    }

    /// Opens (or creates) the database at `path`. `SQLITE_OPEN_NOFOLLOW` refuses a path with a
    /// link anywhere in it, and SQLite opens the database, its WAL and its shared-memory file
    /// with `O_NOFOLLOW`: the store's rule that no link is followed holds inside SQLite too.
    /// `readOnly`: for a look that must change nothing (`cache verify`, a read-only store).
    package init(path: String, create: Bool, readOnly: Bool = false) throws {
        var opened: OpaquePointer?
        var flags = SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw Failure(code: code, message: "cannot open \(path): out of memory") }
        guard code == SQLITE_OK else {
            let failure = Failure(
                code: code & 0xFF, message: "cannot open \(path): " + String(cString: sqlite3_errmsg(opened)),
                systemError: sqlite3_system_errno(opened))
            sqlite3_close_v2(opened)
            throw failure
        }
        handle = opened
        // Nothing the file defines runs (triggers, views, untrusted functions): see the shim.
        let hardened = reader_sqlite_harden(opened)
        guard hardened == SQLITE_OK else {
            sqlite3_close_v2(opened)
            throw Failure(code: hardened, message: "cannot open \(path): SQLite's defences could not be set")
        }
        // Every few thousand instructions: stop a statement past its bound or whose task was
        // cancelled (Ctrl-C cancels the command's task), rather than spin on with Ctrl-C ignored.
        sqlite3_progress_handler(
            opened, 10_000,
            { context in
                guard let context else { return 0 }
                return Unmanaged<StepWatch>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
            }, Unmanaged.passUnretained(watch).toOpaque())
        // Several `reader` processes may write at once: one waits for another's transaction
        // (one document, a few milliseconds) rather than failing.
        sqlite3_busy_timeout(handle, 30_000)
    }

    deinit {
        kept.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows (several statements allowed). A database another process
    /// holds is waited for, up to the busy timeout, here too: SQLite does not call its busy
    /// handler where waiting could deadlock — taking the write lock while another connection
    /// recovers the WAL a killed process left, or setting the journal mode while another
    /// connection opens — and answers "database is locked" at once. Those moments pass.
    package func execute(_ sql: String) throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            var message: UnsafeMutablePointer<CChar>?
            watch.start()
            let code = sqlite3_exec(handle, sql, nil, nil, &message)
            defer { sqlite3_free(message) }
            if code == SQLITE_OK { return }
            let primary = code & 0xFF
            if primary == SQLITE_BUSY || primary == SQLITE_LOCKED, sqlite3_get_autocommit(handle) != 0,
                ContinuousClock.now < deadline
            {
                usleep(10_000)
                continue
            }
            throw Failure(
                code: primary, message: message.map { String(cString: $0) } ?? "SQLite error \(code)",
                systemError: sqlite3_system_errno(handle))
        }
    }

    /// Leaves the WAL and shared-memory files in place when this connection, the last one
    /// open, closes (the WAL emptied first: `PRAGMA journal_size_limit`), rather than
    /// deleting them: the next process then opens two files instead of creating them, and no
    /// file is made and unlinked for every `reader find`.
    package func keepWALFiles() {
        var persist: Int32 = 1
        _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    }

    /// A prepared statement of this connection.
    package func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        return Statement(handle: statement, database: handle, connection: self, watch: watch)
    }

    /// A prepared statement of this connection kept for the next call with the same SQL: what a
    /// reindex runs for each of hundreds of thousands of passages is prepared once. A statement
    /// is reset when bound, so a caller must be done with its rows before asking again.
    package func cached(_ sql: String) throws -> Statement {
        if let statement = kept[sql] { return statement }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw failure(code) }
        let statement = Statement(handle: prepared, database: handle, connection: nil, watch: watch)
        kept[sql] = statement
        return statement
    }

    /// Resets every kept statement: one left partway through its rows holds a read transaction,
    /// which would keep other connections' checkpoints from emptying the WAL.
    package func resetKept() {
        for statement in kept.values { statement.reset() }
    }

    /// Runs `body` in one transaction: all of it is written, or none (a process killed
    /// halfway leaves the database as it was before). `IMMEDIATE` takes the write lock first,
    /// so that two writers wait for each other instead of failing at their first write.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            resetKept()
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body`'s statements in one read transaction: one snapshot for all of them, and the
    /// WAL's read lock taken and the files checked once rather than for each statement (a
    /// `find` runs seventy: a lock, an unlock and an `fstat` each).
    package func reading<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    package var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last statement run inserted, changed or deleted.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// Makes the full-text index's tokenizer (`reader_words`) known to this connection: FTS5
    /// needs it to read or write a table made with it.
    package func registerWordsTokenizer() throws {
        let code = reader_sqlite_register_words(handle)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    fileprivate func failure(_ code: Int32) -> Failure {
        Self.failure(code, of: handle)
    }

    fileprivate static func failure(_ code: Int32, of database: OpaquePointer) -> Failure {
        if code & 0xFF == SQLITE_INTERRUPT {
            return Failure(code: SQLITE_INTERRUPT, message: "a statement was stopped (interrupted, or it ran too long)")
        }
        return Failure(
            code: code & 0xFF, message: String(cString: sqlite3_errmsg(database)), systemError: sqlite3_system_errno(database))
    }

    /// A statement: bind values (from 1, as SQLite counts), step through rows, reset to reuse.
    package final class Statement {
        private let handle: OpaquePointer
        private let database: OpaquePointer
        /// The connection, kept open while the statement lives; nil for a statement the
        /// connection keeps itself (``cached(_:)``), which would otherwise keep it forever.
        private let connection: SQLite?

        private let watch: StepWatch

        fileprivate init(handle: OpaquePointer, database: OpaquePointer, connection: SQLite?, watch: StepWatch) {
            self.handle = handle
            self.database = database
            self.connection = connection
            self.watch = watch
        }

        deinit {
            sqlite3_finalize(handle)
        }

        /// Binds `values` in order, after clearing what was bound before.
        @discardableResult
        package func bind(_ values: Value...) throws -> Statement {
            try bind(values)
        }

        /// Binds `values` in order, after clearing what was bound before.
        @discardableResult
        package func bind(_ values: [Value]) throws -> Statement {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                let code: Int32
                switch value {
                case .null: code = sqlite3_bind_null(handle, index)
                case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
                case .real(let number): code = sqlite3_bind_double(handle, index, number)
                // Through `withCString`: a string passed as a C pointer is copied into an array
                // first, and the index's writer binds a few texts for every passage it stores.
                case .text(let text): code = text.withCString { sqlite3_bind_text(handle, index, $0, -1, reader_sqlite_transient()) }
                case .blob(let bytes):
                    code = bytes.withUnsafeBytes { bytes in
                        // No address for an empty buffer, and a null one would bind NULL.
                        guard let base = bytes.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
                        return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), reader_sqlite_transient())
                    }
                case .utf8(let bytes):
                    code = bytes.withUnsafeBytes { bytes in
                        // An empty buffer may have no address; SQLite takes a null pointer as NULL.
                        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else {
                            return sqlite3_bind_text(handle, index, "", 0, reader_sqlite_transient())
                        }
                        return sqlite3_bind_text(handle, index, base, Int32(bytes.count), reader_sqlite_transient())
                    }
                }
                guard code == SQLITE_OK else { throw SQLite.failure(code, of: database) }
            }
            return self
        }

        /// Ends the statement's run (and any read transaction it holds) without clearing its values.
        package func reset() {
            sqlite3_reset(handle)
        }

        /// Advances to the next row: true while there is one.
        package func step() throws -> Bool {
            watch.start()
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw SQLite.failure(code, of: database)
            }
        }

        /// Runs a statement that returns no rows.
        package func run() throws {
            while try step() {}
        }

        /// Runs the statement with `bytes` bound as text to parameter `index` without copying them
        /// (SQLite reads them while it runs), the other parameters as bound before: a reindex
        /// binds every passage's words, hundreds of megabytes.
        package func run(text bytes: [UInt8], at index: Int32) throws {
            try bytes.withUnsafeBytes { bytes in
                let code: Int32
                if let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) {
                    code = sqlite3_bind_text(handle, index, base, Int32(bytes.count), nil)
                } else {
                    code = sqlite3_bind_text(handle, index, "", 0, reader_sqlite_transient())
                }
                guard code == SQLITE_OK else { throw SQLite.failure(code, of: database) }
                defer { sqlite3_bind_null(handle, index) }
                try run()
            }
        }

        /// The first row read by `read`, or nil when there is none; the statement is reset after
        /// it, so that it holds no read transaction (one left partway through its rows would keep
        /// a checkpoint waiting).
        package func first<T>(_ read: (Statement) -> T) throws -> T? {
            defer { sqlite3_reset(handle) }
            return try step() ? read(self) : nil
        }

        package func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
        func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
        package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
        package func blob(_ column: Int32) -> [UInt8] {
            withBlob(column) { Array($0) }
        }
        /// Column `column`'s bytes, read in place: valid only inside `body`, until the next step.
        package func withBlob<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count > 0, let bytes = sqlite3_column_blob(handle, column) else {
                return try body(UnsafeBufferPointer(start: nil, count: 0))
            }
            return try body(UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count))
        }
        package func text(_ column: Int32) -> String? {
            guard let bytes = sqlite3_column_text(handle, column) else { return nil }
            return String(cString: bytes)
        }
    }

    package enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        /// Text already as UTF-8 bytes.
        case utf8([UInt8])
        case blob([UInt8])
    }
}
