import Synchronization

/// A file mapped once and kept while the path names the same file (``FileIdentity``): a
/// process that looks keys up again and again (`reader open` and the keys its view depends
/// on, `reader serve`, a benchmark) finds them in `catalog.json` without mapping it, and
/// faulting its pages in, for each lookup. Only for files replaced by rename, never written in
/// place (``MappedFile``).
///
/// A kept map is let go after ``usesPerMap`` lookups: the pages a lookup touches stay in the
/// process's resident set while the map is kept, and a mirror that looks up each of 50,000
/// keys would otherwise end holding most of a 17 MB catalog.
package final class KeptMapping: Sendable {
    private struct Kept {
        var file: MappedFile
        var identity: FileIdentity
        var uses: Int
    }

    private let slot = Mutex<Kept?>(nil)
    /// A few leaf pages a lookup (the upper ones are shared): at most a megabyte or so kept.
    static let usesPerMap = 64

    package init() {}

    /// The file at `path`, mapped; nil when there is none.
    package func map(_ path: String) throws -> MappedFile? {
        let identity = FileIdentity(path)
        if let identity, let kept = take(identity) { return kept }
        guard let file = try MappedFile(path: path) else { return nil }
        // Kept only when it is sure to be the file looked at.
        if let identity, identity == FileIdentity(path) { slot.withLock { $0 = Kept(file: file, identity: identity, uses: 1) } }
        return file
    }

    /// The kept map of `identity`'s file, counted as used; nil (and none kept) when there is
    /// none or it has served its share.
    private func take(_ identity: FileIdentity) -> MappedFile? {
        slot.withLock { slot in
            guard var kept = slot, kept.identity == identity, kept.uses < Self.usesPerMap else {
                slot = nil
                return nil
            }
            kept.uses += 1
            slot = kept
            return kept.file
        }
    }
}
