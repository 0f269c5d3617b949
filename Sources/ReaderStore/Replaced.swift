import ReaderCatalog

/// The entry a commit replaces, which the new entry keeps as its earlier version
/// (``Store/stage(key:raw:document:pictures:keepVersions:indexLater:replacing:entry:)``).
package enum Replaced: Sendable {
    /// Looked up as the commit is staged.
    case lookedUp
    /// As the caller read it (a fetch reads the stored entry to decide whether to fetch at
    /// all): a second look cost a mirror about ten system calls a document.
    case read(CatalogEntry?)
}
