import ReaderSupport
import Synchronization

/// What this process has read of `catalog.journal`: where the last change of each key is, up
/// to a byte offset, for one generation of the journal. A look reads only what was appended
/// since the last one; a journal of another generation (compacted and started again), or
/// shorter than what was read, is read again from its start.
///
/// It keeps a hash of each key and where its line is (16 bytes and a table slot), not the
/// line: a mirror of 50,000 RFCs looks each key up without holding the journal's megabytes.
/// The line is read again when its key is asked for, and its key compared: two keys of one
/// hash (a chance of one in 10^10 at a million keys) make the later hide the earlier, whose
/// look then reads the whole journal.
///
/// Sound because between two compactions the journal only grows: appends happen under the
/// catalog lock, and the one cut a writer makes, of a torn last line, is of bytes after the
/// last newline, which a look never takes.
final class JournalView: Sendable {
    /// Where a change's line is in the journal.
    struct Location {
        var offset: Int
        var length: Int
    }

    private struct State {
        var generation: [UInt8] = []
        var offset = 0
        var latest: [Int: Location] = [:]
    }

    private let state = Mutex(State())

    /// The last change of `key` in the journal open as `fd`, of `size` bytes and `generation`.
    func lastChange(of key: [UInt8], in fd: Int32, size: Int, generation: [UInt8], path: String) throws -> CatalogJournal.Change? {
        let location = try state.withLock { state -> Location? in
            if state.generation != generation || size < state.offset { state = State(generation: generation) }
            if size > state.offset {
                // A torn last line stays unread until it is whole (or cut).
                state.offset = try FileLines.scan(fd, from: state.offset, to: size, path: path) { line, offset in
                    guard let key = CatalogJournal.key(of: line) else { return }
                    state.latest[Self.hash(key)] = Location(offset: offset, length: line.count)
                }
            }
            return key.withUnsafeBytes { state.latest[Self.hash($0)] }
        }
        guard let location else { return nil }
        let line = try FileLines.read(fd, from: location.offset, to: location.offset + location.length, path: path)
        if let change = CatalogJournal.parse(line[...]), change.key == key { return change }
        // Another key of the same hash came later: the whole journal tells.
        var last: CatalogJournal.Change?
        try FileLines.scan(fd, from: 0, to: size, path: path) { line, _ in
            guard let found = CatalogJournal.key(of: line), found.elementsEqual(key),
                let change = CatalogJournal.parse(ArraySlice(line))
            else { return }
            last = change
        }
        return last
    }

    /// The journal is gone: nothing read of it counts.
    func forget() {
        state.withLock { $0 = State() }
    }

    private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: key)
        return hasher.finalize()
    }
}
