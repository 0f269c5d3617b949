import Foundation
import ReaderPluginAPI
import ReaderSupport

/// `reader fetch TYPE all` (`rfc all`): the document of every entry of the stored listing that
/// describes TYPE, as a mirror holds them.
extension Reader {
    /// A request for the document of each entry of the stored `listing`, in its order, but
    /// those its entries mark as naming none (a "Not Issued" RFC has no text to fetch). The
    /// listing is fetched first when it is not stored — with `--offline` that is the
    /// contract's "not in the store" instead. A mirror resumes by itself: the documents already
    /// stored are skipped by the fetch, as for any request.
    public func everyListedDocument(_ listing: Listing) async throws -> [Request] {
        try await everyListedDocument(listing, retryingMissing: true).requests
    }

    /// Every listed document, less (unless `retryingMissing`) the keys this mirror said it
    /// lacks at an earlier fetch (``MirrorGaps``), which are returned apart: a partial mirror
    /// of 1,000 RFCs is not asked again for the 8,000 others at every resumed run.
    public func everyListedDocument(_ listing: Listing, retryingMissing: Bool) async throws -> (requests: [Request], lacking: [String]) {
        let key = try catalogKey(of: listing)
        if try store.entry(key) == nil {
            guard !configuration.offline else {
                throw ReaderError.notStored(key: key, command: "reader fetch \(listing.requestType)")
            }
            try await fetch(.source(type: listing.requestType, argument: ""))
        }
        let keys = listedKeys(listing)
        let gaps = retryingMissing ? [] : mirrorGaps.keys(of: try mirror(of: listing))
        var requests: [Request] = []
        var lacking: [String] = []
        try forEachEntry(of: listing) { entry in
            guard !keys.marks(entry) else { return true }
            if let key = keys.key(ofID: entry.id), gaps.contains(key) {
                lacking.append(key)
            } else {
                requests.append(.source(type: listing.describes, argument: entry.id))
            }
            return true
        }
        return (requests, lacking)
    }

    /// Remembers, after a fetch, which keys a mirror did not hold (`lacking`) and which it did
    /// after all (`found`), of the documents a listing describes: the mirror is the listing's
    /// (where it lives); nothing for a mirror on the network, whose 404s are failures.
    public func rememberMirrorGaps(lacking: [String], found: [String]) throws {
        let described = describingEntries(lacking + found, where: { $0.everyWord != nil })
        var listings: [Listing] = []
        for (_, entry) in described where !listings.contains(entry.keys.listing) { listings.append(entry.keys.listing) }
        for listing in listings {
            let mirror = try mirror(of: listing)
            guard mirror.hasPrefix("file://") else { continue }
            let mine = { (key: String) in described[key]?.keys.listing == listing }
            try mirrorGaps.update(mirror: mirror, adding: lacking.filter(mine), removing: found.filter(mine))
        }
    }

    /// The mirror the documents come from, named by where the listing lives.
    private func mirror(of listing: Listing) throws -> String {
        let (_, location) = try locate(listing.requestType, "")
        return location.urls.first ?? location.key
    }

    var mirrorGaps: MirrorGaps { MirrorGaps(path: store.root + "/" + MirrorGaps.fileName) }
}

/// `mirror-gaps.json` in the store: the keys a `file://` mirror said it does not hold, and
/// which mirror that was. Derived and disposable: replaced whole by a rename (a
/// `kill -9` leaves the old file or the new one), read without following a link, and a file
/// that is missing, unreadable or of another mirror means "nothing known" — every document is asked.
struct MirrorGaps {
    static let fileName = "mirror-gaps.json"
    let path: String

    private struct Contents: Codable {
        var mirror: String
        var lacking: [String]
    }

    /// The keys `mirror` lacked; empty when nothing is known of it.
    func keys(of mirror: String) -> Set<String> {
        guard let contents = read(), contents.mirror == mirror else { return [] }
        return Set(contents.lacking)
    }

    func update(mirror: String, adding lacking: [String], removing found: [String]) throws {
        var keys = keys(of: mirror)
        keys.formUnion(lacking)
        keys.subtract(found)
        let known = read()
        if known?.mirror == mirror, Set(known?.lacking ?? []) == keys { return }
        if known == nil, keys.isEmpty { return }
        let sorted = keys.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = try encoder.encode(Contents(mirror: mirror, lacking: sorted))
        do {
            try FileSystem.writeAtomically(Array(bytes) + [0x0A], to: path, durable: false)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }

    private func read() -> Contents? {
        guard let bytes = try? FileSystem.read(path, limit: 16 << 20) else { return nil }
        return try? JSONDecoder().decode(Contents.self, from: Data(bytes))
    }
}
