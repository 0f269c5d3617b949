import ReaderPluginAPI

/// The IETF datatracker's record of an Internet-Draft (`$READER_DATATRACKER_URL/doc/NAME/doc.json`),
/// read for lineage the draft's own text cannot give: which draft replaced it, which RFC it
/// became (``TrackerRecord``). `reader fetch datatracker draft-NAME` stores it as
/// `datatracker/draft-NAME`; its relations make the banners ("Replaced by draft-…-00" over the
/// draft's last version) and `refs`' `replacedBy`, both ways.
public struct DatatrackerModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "datatracker",
        requestTypes: ["datatracker"],
        urlPatterns: ["*/doc/draft-*/doc.json"],
        mediaTypes: ["application/json"],
        fileExtensions: [],
        version: "1",
        summary: "The IETF datatracker's record of a draft (doc.json): what replaced it, the RFC it became.",
        // One word: after `datatracker`, a word starting `draft-` would be a draft of its own.
        identifiers: [
            Identifier(
                pattern: "datatracker:draft-{name}", requestType: "datatracker", argument: "draft-{name}",
                key: "datatracker/draft-{name}", label: "draft-{name} (datatracker)")
        ]
    )

    static let defaultDatatracker = "https://datatracker.ietf.org"

    public func parse(_ input: ParseInput) throws -> Document {
        try TrackerRecord.parse(input.bytes, module: descriptor.name)
    }

    public func recognize(_ sample: Sample) -> Int {
        if sample.fileName == "doc.json" { return 60 }
        let text = String(decoding: sample.firstSignificantBytes.prefix(2048), as: UTF8.self)
        return text.hasPrefix("{") && text.contains("\"rev_history\"") && text.contains("\"name\": \"draft-") ? 80 : 0
    }

    /// `datatracker:draft-NAME` (a version, `-NN`, is dropped: the record is the draft's).
    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        guard let name = TrackerRecord.draftName(argument, droppingVersion: true) else {
            throw ParseError(
                module: descriptor.name,
                reason: "not a draft name: letters, digits and hyphens after draft- (\(TrackerRecord.printable(argument)))")
        }
        var tracker = settings["READER_DATATRACKER_URL"] ?? Self.defaultDatatracker
        while tracker.hasSuffix("/") { tracker.removeLast() }
        return Location(key: "datatracker/\(name)", urls: ["\(tracker)/doc/\(name)/doc.json"])
    }
}
