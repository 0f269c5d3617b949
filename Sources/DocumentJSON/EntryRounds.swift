import Dispatch
import ReaderJSON
import ReaderPluginAPI

/// An index's entries are most of its JSON (the RFC index: 9,816 entries, 6.4 MB), and its
/// fetch waits for them to be written before anything is deflated. Past
/// ``entriesSharedAtLeast`` they are written in rounds: each round's entries in two halves, on
/// two threads, each into a writer of its own, then copied here in order — the same bytes as
/// one after another (the tests compare the two), in about half the time, holding one round's
/// JSON at a time whatever the count.
extension JSONWriter {
    /// Fewer entries are written here, one after another: a second thread costs more than it saves.
    static let entriesSharedAtLeast = 2048
    /// The entries of one round, half on each thread: 1.3 MB of the RFC index's JSON.
    static let entriesARound = 2048

    /// `[…]` of `entries`, telling `entryWritten` the bytes of each as ``entry(_:)`` writes them.
    mutating func entries(_ entries: [Entry], entryWritten: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard entries.count >= Self.entriesSharedAtLeast else {
            elements(entries) { writer, entry in
                // Handed on as written, they need no second encoding: pieces go out between the
                // elements of an array, so the entry's bytes are the last of the buffer — unless an
                // array inside it sent a piece out, and then the entry is written again alone.
                let begin = writer.position
                writer.entry(entry)
                let length = writer.position - begin
                if length <= writer.count {
                    entryWritten(UnsafeBufferPointer(rebasing: writer.bytes[(writer.count - length)...]))
                } else {
                    var alone = JSONWriter(capacity: length)
                    alone.entry(entry)
                    entryWritten(alone.bytes)
                }
            }
            return
        }
        byte(UInt8(ascii: "["))
        var written = 0
        var first = entries.startIndex
        // One writer a lane for every round: a round's JSON (a megabyte) written into memory
        // already touched, not into pages the kernel must first fault in.
        let lanes = [Lane(capacity: Self.entriesARound / 2 * 704), Lane(capacity: Self.entriesARound / 2 * 704)]
        while first < entries.endIndex {
            let end = min(first + Self.entriesARound, entries.endIndex)
            let middle = first + (end - first) / 2
            let halves = [first..<middle, middle..<end]
            DispatchQueue.concurrentPerform(iterations: lanes.count) { lane in
                lanes[lane].write(entries[halves[lane]])
            }
            for (lane, half) in zip(lanes, halves) {
                // Both lanes always run; were one ever not to, its half is written here.
                if lane.written != half { lane.write(entries[half]) }
                var start = 0
                for end in lane.ends {
                    if written > 0 { byte(UInt8(ascii: ",")) }
                    written += 1
                    let entry = UnsafeBufferPointer(rebasing: lane.writer.bytes[start..<end])
                    raw(entry)
                    entryWritten(entry)
                    elementEnded()
                    start = end
                }
            }
            first = end
        }
        byte(UInt8(ascii: "]"))
    }
}

/// A lane's writer: the entries of its half of a round, one after another without commas,
/// and where each ends. Used by one thread at a time: its lane's, then the round's.
private final class Lane: @unchecked Sendable {
    var writer: JSONWriter
    private(set) var ends: [Int] = []
    /// The entries written last.
    private(set) var written: Range<Int> = 0..<0

    init(capacity: Int) {
        writer = JSONWriter(capacity: capacity)
    }

    func write(_ entries: ArraySlice<Entry>) {
        writer.truncate(to: 0)
        ends.removeAll(keepingCapacity: true)
        for entry in entries {
            writer.entry(entry)
            ends.append(writer.count)
        }
        written = entries.indices
    }
}
