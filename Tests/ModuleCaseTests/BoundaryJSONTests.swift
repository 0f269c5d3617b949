import ReaderModuleExport
import ReaderPluginAPI
import Testing

/// The JSON that crosses the module boundary, pinned: a module library built earlier writes
/// exactly this. When a test here fails because the plugin API's types changed, bump
/// `READER_MODULE_API_VERSION` (`Sources/CReaderModuleABI/reader_module.h`) and the version
/// below, then update the expected text: old libraries are then refused by name instead of
/// failing on their first document.
@Suite struct BoundaryJSONTests {
    @Test func theVersionGoesWithTheseShapes() {
        #expect(ModuleExport.apiVersion == 1)
    }

    @Test func aDocumentAsAModuleWritesIt() throws {
        let document = Document(
            source: "feed", key: "k", title: "T", metadata: Metadata(authors: ["A"], date: "2025-01-02"),
            blocks: [.heading(level: 2, number: nil, title: "H"), .paragraph([Inline("x", link: 0)])],
            links: [Link(text: "x", url: "https://x/")],
            entries: [Entry(id: "1", title: "E", fields: ["link": "https://x/"])], extra: ["format": "atom"])
        let text = try BoundaryJSON.encode(document)
        #expect(
            text
                == #"{"blocks":[{"heading":{"level":2,"title":"H"}},{"paragraph":{"_0":[{"link":0,"style":"plain","text":"x"}]}}],"entries":[{"annotations":"{}","authors":[],"fields":"{\"link\":\"https://x/\"}","id":"1","notices":[],"title":"E"}],"extra":{"format":"atom"},"key":"k","links":[{"text":"x","url":"https://x/"}],"metadata":{"authors":["A"],"date":"2025-01-02"},"notes":[],"source":"feed","title":"T"}"#
        )
        #expect(try BoundaryJSON.decode(Document.self, from: text) == document)
    }

    @Test func descriptorsLocationsInputsAndErrors() throws {
        let descriptor = ModuleDescriptor(name: "n", requestTypes: ["t"], urlPatterns: ["*.x"], version: "1", summary: "s")
        #expect(
            try BoundaryJSON.encode(descriptor)
                == #"{"fileExtensions":[],"mediaTypes":[],"name":"n","requestTypes":["t"],"summary":"s","urlPatterns":["*.x"],"version":"1"}"#
        )
        let location = Location(key: "k", urls: ["u"], headers: ["H": "v"], secretHeaders: ["H"], isImmutable: true)
        let locationText = BoundaryJSON.location(location)
        #expect(locationText == #"{"headers":{"H":"v"},"isImmutable":true,"key":"k","secretHeaders":["H"],"urls":["u"]}"#)
        #expect(try BoundaryJSON.location(from: locationText) == location)
        let input = ParseInput(bytes: [1], requestType: "t", key: "k", url: "u", mediaType: nil, charset: "utf-8")
        #expect(BoundaryJSON.inputFacts(input) == #"{"charset":"utf-8","key":"k","mediaType":null,"requestType":"t","url":"u"}"#)
        let error = ParseError(module: "m", location: "line 2", reason: "r")
        #expect(try BoundaryJSON.parseError(from: BoundaryJSON.parseError(error)) == error)
        #expect(throws: BoundaryJSON.Malformed.self) { try BoundaryJSON.location(from: "{}") }
    }

    /// The capabilities of 0.10.0 cross as added keys: a module built with them hands over its
    /// shorthands, relation kinds, label, status and relations; one built before them writes
    /// the pinned text above, which reads back with none.
    @Test func capabilitiesCrossAsAddedKeys() throws {
        let descriptor = ModuleDescriptor(
            name: "n", requestTypes: ["t"], version: "1", summary: "s",
            identifiers: [Identifier(pattern: "t:{name}", requestType: "t", key: "t/{name}", label: "{name}")],
            relationKinds: [RelationKind(name: "feeds", inverse: "fedBy", label: "Feeds", inverseLabel: "Fed by")])
        let descriptorText = try BoundaryJSON.encode(descriptor)
        #expect(descriptorText.contains(#""pattern":"t:{name}""#) && descriptorText.contains(#""inverse":"fedBy""#))
        #expect(try BoundaryJSON.decode(ModuleDescriptor.self, from: descriptorText) == descriptor)
        #expect(!descriptorText.contains("listings") && !descriptorText.contains("published"), "\(descriptorText)")
        // A listing, and the addresses an identifier's documents are published at, cross too.
        var listing = descriptor
        listing.listings = [
            Listing(requestType: "t", describes: "u", name: "t list", absentField: "gone", statuses: ["A"], everyWord: "all")
        ]
        listing.identifiers[0].published = ["https://example.org/t/{name}"]
        let listingText = try BoundaryJSON.encode(listing)
        #expect(
            listingText.contains(#""describes":"u""#) && listingText.contains(#""published":["https:\/\/example.org\/t\/{name}"]"#)
                || listingText.contains(#""published":["https://example.org/t/{name}"]"#), "\(listingText)")
        #expect(try BoundaryJSON.decode(ModuleDescriptor.self, from: listingText) == listing)
        let document = Document(
            source: "t", key: "t/a", title: "A", label: "a", status: "one line",
            relations: [Relation(.links, target: "https://x/", section: "2"), Relation(.obsoletes, target: "t/b", subject: "t/c")])
        #expect(try BoundaryJSON.decode(Document.self, from: try BoundaryJSON.encode(document)) == document)
        let old = try BoundaryJSON.decode(
            Document.self,
            from:
                #"{"blocks":[],"entries":[],"extra":{},"key":"k","links":[],"metadata":{"authors":[]},"notes":[],"source":"s","title":"T"}"#
        )
        #expect(old.relations.isEmpty && old.label == nil && old.status == nil)
    }

    /// A listing's groups and a location's resolution (0.12.0) cross as added keys too; a
    /// listing without groups is written as before them.
    @Test func groupsAndResolutionsCross() throws {
        var descriptor = ModuleDescriptor(name: "n", requestTypes: ["t"], version: "1", summary: "s")
        descriptor.listings = [Listing(requestType: "t", describes: "u", name: "t list")]
        #expect(!(try BoundaryJSON.encode(descriptor)).contains("groups"))
        descriptor.listings[0].groups = [ListingGroup(word: "set", name: "Sets", field: "in", mark: "SET")]
        let text = try BoundaryJSON.encode(descriptor)
        #expect(text.contains(#""groups":[{"#), "\(text)")
        #expect(try BoundaryJSON.decode(ModuleDescriptor.self, from: text) == descriptor)
        let location = Location(
            key: "t-a", resolution: Resolution(url: "http://127.0.0.1/a.json", member: "rev", argument: "t-a-{value}", storedPrefix: "t-a-")
        )
        #expect(try BoundaryJSON.location(from: BoundaryJSON.location(location)) == location)
    }
}
