import ReaderSupport
import Synchronization

/// The connection to the full-text index the last search of this process used, kept for the
/// next one (`reader serve`, a benchmark, a library's caller): opening the index and preparing
/// its statements costs more than a search for a rare word. It is taken back only while it is
/// still the file at the index's path — another process may have made the index anew — and
/// between searches it holds no transaction (``SQLite/resetKept()``), so it never keeps a
/// writer's checkpoint waiting.
package final class KeptConnection: Sendable {
    /// A connection and the file it opened. One search at a time has it: it is taken out of
    /// the slot, used, and put back, never shared.
    private struct Entry: @unchecked Sendable {
        var connection: FullTextIndex.Connection
        var file: FileIdentity
    }

    private let slot = Mutex<Entry?>(nil)

    /// The kept connection, if it still opens the file at `path`.
    func take(_ path: String) -> (FullTextIndex.Connection, FileIdentity)? {
        guard let entry = slot.withLock({ $0.take() }), FileIdentity(path) == entry.file else { return nil }
        return (entry.connection, entry.file)
    }

    /// The kept connection, if the file at `path` is still the one it opened, written since
    /// or not: a writer's (``FullTextIndex/writer``).
    /// The file returned is the one it opened, to keep it with: not the path's file when kept
    /// again, which may be another by then.
    func takeForWriting(_ path: String) -> (FullTextIndex.Connection, FileIdentity)? {
        guard let entry = slot.withLock({ $0.take() }), let now = FileIdentity(path), now.isSameFile(as: entry.file) else {
            return nil
        }
        return (entry.connection, entry.file)
    }

    /// Keeps `connection`, which opened `file`, for the next search (one is kept at most).
    package func keep(_ connection: FullTextIndex.Connection, file: FileIdentity) {
        connection.database.resetKept()
        slot.withLock { $0 = Entry(connection: connection, file: file) }
    }
}
