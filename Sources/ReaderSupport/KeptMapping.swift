import Synchronization

/// A file mapped once and kept while the path names the same file (``FileIdentity``): a
/// process that searches again and again (`reader serve`, a benchmark) looks keys up in
/// `catalog.json` without mapping it, and faulting its pages in, for each search. Only for
/// files replaced by rename, never written in place (``MappedFile``).
package final class KeptMapping: Sendable {
    private let slot = Mutex<(file: MappedFile, identity: FileIdentity)?>(nil)

    package init() {}

    /// The file at `path`, mapped; nil when there is none.
    package func map(_ path: String) throws -> MappedFile? {
        let identity = FileIdentity(path)
        if let identity, let kept = slot.withLock({ $0 }), kept.identity == identity { return kept.file }
        guard let file = try MappedFile(path: path) else { return nil }
        // Kept only when it is sure to be the file looked at.
        if let identity, identity == FileIdentity(path) { slot.withLock { $0 = (file, identity) } }
        return file
    }
}
