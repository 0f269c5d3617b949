import ReaderKit

/// What every page is made with: the engine, the store as the catalog is now, what the
/// modules' identifiers say about keys, and how the page's frame and references are written.
struct PageContext: Sendable {
    let reader: Reader
    let snapshot: StoreSnapshot
    let names: KeyNames
    let token: ActionToken
    let offline: Bool

    var links: KeyLinks {
        KeyLinks(names: names, stored: snapshot.keys, mayFetch: !offline, index: StoredListings.current(reader))
    }

    func layout(_ title: String, query: String = "") -> Layout {
        Layout(title: title, query: query, token: token, offline: offline)
    }

    /// The page of stored document `key`: `/TYPE/ARGUMENT` when an identifier names it
    /// (`/rfc/793`), else `/doc?key=…`.
    func path(ofKey key: String) -> String { names.path(ofKey: key) }

    /// How lists and titles name `key`: the label an identifier gives it (`RFC 793`), when one does.
    func label(ofKey key: String) -> String? { reader.label(ofKey: key) ?? names.label(ofKey: key) }

    /// A listed document's title: its label and its title (`RFC 793: Transmission Control
    /// Protocol`), else its title, else its key.
    func title(key: String, title: String?) -> String {
        let title = title ?? ""
        guard let label = label(ofKey: key) else { return title.isEmpty ? key : title }
        return title.isEmpty || title == label ? label : label + ": " + title
    }
}
