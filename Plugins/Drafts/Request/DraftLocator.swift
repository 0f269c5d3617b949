import ReaderPluginAPI

/// Where version NN of a draft lives: `$READER_IETF_ARCHIVE_URL/NAME-NN.txt` (default the
/// IETF's archive; a `file://` base is a folder of such files), stored as `NAME-NN`.
enum DraftLocator {
    static let defaultArchive = "https://www.ietf.org/archive/id/"

    static func locate(_ argument: String, settings: Settings) throws -> Location {
        let draft = try DraftName.parse(argument)
        guard let key = draft.key else {
            throw RequestError(
                "draft: \(draft.name) names no version: add one, as in 'reader fetch draft \(draft.name)-00' (the archive keeps every version)"
            )
        }
        var base = settings["READER_IETF_ARCHIVE_URL"] ?? defaultArchive
        if !base.hasSuffix("/") { base += "/" }
        // A version, once posted, never changes: a stored copy is never asked for again.
        return Location(key: key, urls: ["\(base)\(key).txt"], isImmutable: true)
    }
}
