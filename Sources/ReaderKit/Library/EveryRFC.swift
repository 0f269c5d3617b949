import Foundation
import ReaderPluginAPI
import ReaderSupport

/// `reader fetch rfc all`: every issued RFC the stored index lists, as a mirror holds them.
extension Reader {
    /// The request type of one RFC's text, whose documents the index describes.
    public static let rfcRequestType = "rfc"

    /// The word after `rfc` that asks for every RFC.
    public static let everyRFCWord = "all"

    /// A request for each issued RFC of the stored index, in the index's order (a "Not Issued"
    /// number has no text to fetch). The index is fetched first when it is not stored — with
    /// `--offline` that is the contract's "not in the store" instead. A mirror resumes by
    /// itself: the RFCs already stored are skipped by the fetch, as for any request.
    public func everyIssuedRFC() async throws -> [Request] {
        try await everyIssuedRFC(retryingMissing: true).requests
    }

    /// Every issued RFC, less (unless `retryingMissing`) the keys this RFC Editor mirror said
    /// it lacks at an earlier fetch (``MirrorGaps``), which are returned apart: a partial mirror
    /// of 1,000 RFCs is not asked again for the 8,000 others at every resumed run.
    public func everyIssuedRFC(retryingMissing: Bool) async throws -> (requests: [Request], lacking: [String]) {
        let (_, location) = try locate(Self.indexRequestType, "")
        if try store.entry(location.key) == nil {
            guard !configuration.offline else {
                throw ReaderError.notStored(key: location.key, command: "reader fetch \(Self.indexRequestType)")
            }
            try await fetch(.source(type: Self.indexRequestType, argument: ""))
        }
        let gaps = retryingMissing ? [] : mirrorGaps.keys(of: try mirror())
        var requests: [Request] = []
        var lacking: [String] = []
        try forEachIndexEntry { entry in
            if entry.fields["notIssued"] != .bool(true) {
                let key = Self.rfcRequestType + "/" + (Int(entry.id).map(String.init) ?? entry.id)
                if gaps.contains(key) {
                    lacking.append(key)
                } else {
                    requests.append(.source(type: Self.rfcRequestType, argument: entry.id))
                }
            }
            return true
        }
        return (requests, lacking)
    }

    /// Remembers, after a fetch, which keys the mirror did not hold (`lacking`) and which it
    /// did after all (`found`); nothing for a mirror on the network, whose 404s are failures.
    public func rememberMirrorGaps(lacking: [String], found: [String]) throws {
        let mirror = try mirror()
        guard mirror.hasPrefix("file://") else { return }
        try mirrorGaps.update(mirror: mirror, adding: lacking, removing: found)
    }

    /// The mirror the RFCs come from, named by where its index lives.
    private func mirror() throws -> String {
        let (_, location) = try locate(Self.indexRequestType, "")
        return location.urls.first ?? location.key
    }

    var mirrorGaps: MirrorGaps { MirrorGaps(path: store.root + "/" + MirrorGaps.fileName) }
}

/// `mirror-gaps.json` in the store: the keys a `file://` RFC Editor mirror said it does not
/// hold, and which mirror that was. Derived and disposable: replaced whole by a rename (a
/// `kill -9` leaves the old file or the new one), read without following a link, and a file
/// that is missing, unreadable or of another mirror means "nothing known" — every RFC is asked.
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
