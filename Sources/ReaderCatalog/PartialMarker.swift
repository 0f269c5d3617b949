import Foundation
import ReaderSupport

/// `catalog.partial`: there while `catalog.json` may lack entries, because it was rebuilt from
/// less than a whole catalog (`catalog.json` and its copy both unreadable: only the journal was
/// left). The blobs such a catalog does not name may be the data of the entries it lost, so
/// `reader cache gc` removes nothing while the marker is there — as git refuses to prune with
/// an index it cannot trust.
///
/// Written atomically *before* the rebuilt `catalog.json`, so that no instant shows a rebuilt
/// catalog without it, even after `kill -9`. Removed only once the catalog is known whole —
/// every blob in the store is named again (fetching a lost document names its blobs again:
/// the same bytes, the same names), which `gc` checks — or when the user gives up what is
/// left with `reader cache recover --accept-loss`.
package struct PartialMarker: Sendable {
    let path: String

    /// Why the catalog may lack entries, and since when; nil when it is whole.
    package func reason() -> String? {
        do {
            // Written by `reader` as one short line; anything larger was not.
            guard let bytes = try FileSystem.read(path, limit: 4096) else { return nil }
            let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return line.isEmpty ? "catalog.json may lack entries" : line
        } catch {
            // Present but unreadable: the catalog is no more trustworthy for it.
            return "catalog.partial is there but unreadable (\(error))"
        }
    }

    /// Records that the catalog about to be written may lack entries. An existing marker is
    /// kept as it is: its reason and time tell when entries were first lost.
    func mark(_ reason: String) throws {
        guard !FileSystem.exists(path) else { return }
        let line = "\(reason) (\(Date().ISO8601Format()))\n"
        try FileSystem.writeAtomically(Array(line.utf8), to: path)
    }

    /// The catalog is whole again, or its user accepted what it lost.
    package func clear() throws {
        try FileSystem.remove(path)
        FileSystem.syncFolder(FileSystem.parent(of: path))
    }
}
