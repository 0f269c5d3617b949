import Synchronization

/// What this process has read of `catalog.journal`: the last change of each key, up to a byte
/// offset, for one generation of the journal. A look reads only what was appended since the
/// last one; a journal of another generation (compacted and started again), or shorter than
/// what was read, is read again from its start.
///
/// Sound because between two compactions the journal only grows: appends happen under the
/// catalog lock, and the one cut a writer makes, of a torn last line, is of bytes after the
/// last newline, which a look never takes.
final class JournalView: Sendable {
    private struct State {
        var generation: [UInt8] = []
        var offset = 0
        var latest: [[UInt8]: CatalogJournal.Change] = [:]
    }

    private let state = Mutex(State())

    /// The last change of `key` in a journal of `size` bytes and `generation`; `read(offset)`
    /// gives its bytes from `offset` to `size`.
    func lastChange(
        of key: [UInt8], size: Int, generation: [UInt8], read: (Int) throws -> [UInt8]
    ) throws -> CatalogJournal.Change? {
        try state.withLock { state in
            if state.generation != generation || size < state.offset { state = State(generation: generation) }
            if size > state.offset {
                let bytes = try read(state.offset)
                var start = 0
                while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    if let change = CatalogJournal.parse(bytes[start..<newline]) { state.latest[change.key] = change }
                    start = newline + 1
                }
                // A torn last line stays unread until it is whole (or cut).
                state.offset += start
            }
            return state.latest[key]
        }
    }

    /// The journal is gone: nothing read of it counts.
    func forget() {
        state.withLock { $0 = State() }
    }
}
