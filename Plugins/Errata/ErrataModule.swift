import ReaderPluginAPI

/// The module's name, in its descriptor and its errors.
let moduleName = "errata"

/// The RFC Editor's errata (`errata.json`, every report on every RFC in one JSON array): one
/// document whose ``Annotation``s the engine shows in the RFCs they are about, at the passage
/// each quotes. Reports it cannot read are skipped and counted in the document's notes.
public struct ErrataModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: moduleName,
        requestTypes: ["errata"],
        urlPatterns: ["*/errata.json"],
        mediaTypes: [],
        fileExtensions: [],
        version: "1",
        summary: "The RFC Editor's errata reports (errata.json), shown in the RFCs at the passage they correct.",
        annotationSets: [ErrataModule.annotationSet]
    )

    /// What the engine needs to show the reports: the document that holds them, their statuses
    /// (a rejected report is shown only when every report is asked for).
    public static let annotationSet = AnnotationSet(
        key: "errata", name: "errata", singular: "Erratum",
        statuses: [
            AnnotationStatus(code: "verified", label: "verified", description: "verified", shown: true),
            AnnotationStatus(code: "held", label: "held", description: "held for document update", shown: true),
            AnnotationStatus(code: "reported", label: "reported", description: "reported, not verified", shown: true),
            AnnotationStatus(code: "rejected", label: "rejected", description: "rejected", shown: false),
        ])

    public func parse(_ input: ParseInput) throws -> Document {
        let reading = try ErrataFile.read(input.bytes)
        return ErrataDocument.make(reading)
    }

    public func recognize(_ sample: Sample) -> Int {
        if sample.fileName?.lowercased() == "errata.json" { return 90 }
        let start = Array(sample.firstSignificantBytes.prefix(400))
        let text = String(decoding: start, as: UTF8.self)
        return text.hasPrefix("[") && text.contains("\"errata_id\"") && text.contains("\"doc-id\"") ? 90 : 0
    }

    /// `errata` lives at `$READER_RFC_EDITOR_URL/errata.json`; the argument is not used. It
    /// changes as reports come in: a stored copy is revalidated, as the RFC index is.
    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        var base = settings["READER_RFC_EDITOR_URL"] ?? "https://www.rfc-editor.org"
        while base.hasSuffix("/") { base.removeLast() }
        return Location(key: Self.annotationSet.key, urls: [base + "/errata.json"])
    }
}
