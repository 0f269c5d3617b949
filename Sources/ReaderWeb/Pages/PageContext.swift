import ReaderKit

/// What every page is made with: the engine, the store as the catalog is now, and how the
/// page's frame and RFC references are written.
struct PageContext: Sendable {
    let reader: Reader
    let snapshot: StoreSnapshot
    let token: ActionToken
    let offline: Bool

    var rfcLinks: RFCLinks { RFCLinks(stored: snapshot.rfcs, mayFetch: !offline, numbers: IndexNumbers.current(reader)) }

    func layout(_ title: String, query: String = "") -> Layout {
        Layout(title: title, query: query, token: token, offline: offline)
    }

    /// The page of stored document `key`: `/rfc/N` for an RFC, else `/doc?key=…`.
    static func path(ofKey key: String) -> String {
        if key.hasPrefix("rfc/"), let number = Int(key.dropFirst(4)), "rfc/\(number)" == key { return "/rfc/\(number)" }
        return "/doc?key=" + QueryText.encode(key)
    }
}
