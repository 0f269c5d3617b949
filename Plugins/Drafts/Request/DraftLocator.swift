import ReaderPluginAPI

/// Where version NN of a draft lives: `$READER_IETF_ARCHIVE_URL/NAME-NN.txt` (default the
/// IETF's archive; a `file://` base is a folder of such files), stored as `NAME-NN`. A name
/// without a version is the latest: the datatracker's `$READER_DATATRACKER_URL/doc/NAME/doc.json`
/// says it (its `rev`, `"34"`), else the newest version stored.
enum DraftLocator {
    static let defaultArchive = "https://www.ietf.org/archive/id/"
    static let defaultDatatracker = "https://datatracker.ietf.org"

    static func locate(_ argument: String, settings: Settings) throws -> Location {
        let draft = try DraftName.parse(argument)
        guard let key = draft.key else {
            var tracker = settings["READER_DATATRACKER_URL"] ?? defaultDatatracker
            while tracker.hasSuffix("/") { tracker.removeLast() }
            return Location(
                key: draft.name,
                resolution: Resolution(
                    url: "\(tracker)/doc/\(draft.name)/doc.json", member: "rev", argument: "\(draft.name)-{value}",
                    storedPrefix: "\(draft.name)-"))
        }
        var base = settings["READER_IETF_ARCHIVE_URL"] ?? defaultArchive
        if !base.hasSuffix("/") { base += "/" }
        // A version, once posted, never changes: a stored copy is never asked for again.
        return Location(key: key, urls: ["\(base)\(key).txt"], isImmutable: true)
    }
}
