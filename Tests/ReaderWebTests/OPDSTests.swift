import Foundation
import FoundationXML
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderKit
import ReaderTestHarness
import ReaderWeb
import Testing

extension SiteSuites {
    /// The OPDS 1.2 catalog over a store of every source, checked against the catalog rules:
    /// Atom's namespace, a navigation feed whose entries lead to feeds (typed with the OPDS
    /// profile and their kind), acquisition feeds whose entries each have an id, a title, an
    /// RFC 3339 `updated` and an acquisition link to an EPUB — which is served, and passes
    /// epubcheck.
    @Suite struct OPDSTests {
        func site() async throws -> Site {
            let (store, _) = try await ReadStore.filled.value
            return Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
        }

        static let navigation = "application/atom+xml;profile=opds-catalog;kind=navigation"
        static let acquisition = "application/atom+xml;profile=opds-catalog;kind=acquisition"

        @Test func theRootIsANavigationFeedLeadingToRecentAndSources() async throws {
            try await site().application().test(.router) { client in
                let root = try await client.get("/opds", accept: "application/atom+xml")
                #expect(root.status == .ok)
                #expect(root.headers[.contentType] == Self.navigation)
                let feed = try AtomFeed(root.text)
                feed.checkCatalogRules()
                #expect(feed.links.contains { $0["rel"] == "self" && $0["type"] == Self.navigation })
                #expect(feed.links.contains { $0["rel"] == "start" && $0["href"] == "/opds" })
                #expect(feed.links.contains { $0["rel"] == "search" && $0["type"] == "application/opensearchdescription+xml" })
                // A navigation feed's entries lead to feeds, never to a book.
                for entry in feed.entries {
                    #expect(entry.links.allSatisfy { ($0["type"] ?? "").hasPrefix("application/atom+xml;profile=opds-catalog;kind=") })
                }
                let recent = try #require(feed.entries.first { $0.title == "Recently fetched" })
                #expect(recent.links.first?["type"] == Self.acquisition)

                let sources = try AtomFeed(try await client.get("/opds/sources").text)
                sources.checkCatalogRules()
                #expect(Set(sources.entries.map(\.title)).isSuperset(of: ["rfc", "html", "tweets"]), "\(sources.entries.map(\.title))")
                let description = try await client.get("/opds/search.xml")
                #expect(description.headers[.contentType] == "application/opensearchdescription+xml")
                #expect(description.text.contains(#"template="/opds/search?q={searchTerms}""#))
            }
        }

        /// A tag put on with `reader tag` is a feed of the root, which lists the tagged document only.
        @Test func aTagIsAFeedOfItsDocuments() async throws {
            let (filled, _) = try await ReadStore.filled.value
            let store = try temporaryFolder("opds-tags")
            try FileManager.default.removeItem(atPath: store)
            try FileManager.default.copyItem(atPath: filled, toPath: store)
            let reader = ReadStore.reader(store)
            _ = try reader.tag("793", adding: ["to-read"], removing: [])
            try await Site(reader: reader, settings: SiteSettings(port: 0)).application().test(.router) { client in
                let root = try AtomFeed(try await client.get("/opds").text)
                let tag = try #require(root.entries.first { $0.title == "Tag: to-read" }, "\(root.entries.map(\.title))")
                #expect(tag.links.first?["type"] == Self.acquisition)
                let href = try #require(tag.links.first?["href"])
                let feed = try AtomFeed(try await client.get(href).text)
                feed.checkCatalogRules()
                #expect(feed.entries.map(\.title) == ["Transmission Control Protocol"], "\(feed.entries.map(\.title))")
            }
        }

        @Test func acquisitionFeedsGiveEachDocumentAsAnEPUBThatPassesEpubcheck() async throws {
            try await site().application().test(.router) { client in
                let recent = try await client.get("/opds/recent")
                #expect(recent.headers[.contentType] == Self.acquisition)
                let feed = try AtomFeed(recent.text)
                feed.checkCatalogRules()
                #expect(feed.entries.count >= 10)
                for entry in feed.entries {
                    let acquisition = entry.links.filter { $0["rel"] == "http://opds-spec.org/acquisition" }
                    #expect(acquisition.count == 1 && acquisition.first?["type"] == "application/epub+zip", "\(entry.title)")
                }
                let rfc = try #require(feed.entries.first { $0.id == "urn:reader:document:rfc/793" })
                let href = try #require(rfc.links.first { $0["rel"] == "http://opds-spec.org/acquisition" }?["href"])
                #expect(href == "/export.epub?key=rfc%2F793")
                let book = try await client.get(href, accept: "application/epub+zip")
                #expect(book.status == .ok)
                #expect(book.headers[.contentType] == "application/epub+zip")
                #expect(book.headers[.contentDisposition] == "attachment; filename=\"rfc-793.epub\"")
                let bytes = [UInt8](buffer: book.body)
                #expect(String(decoding: bytes[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip")
                let file = try temporaryFile("rfc-793.epub")
                try Data(bytes).write(to: URL(fileURLWithPath: file))
                try WebEpubcheck.validate(file)

                // Search: `find`'s documents, once each, as an acquisition feed.
                let found = try AtomFeed(try await client.get("/opds/search?q=transmission%20control").text)
                found.checkCatalogRules()
                #expect(found.entries.contains { $0.id == "urn:reader:document:rfc/793" })
                #expect(Set(found.entries.map(\.id)).count == found.entries.count)
                // A source's feed holds only its documents.
                let tweets = try AtomFeed(try await client.get("/opds/source?name=tweets").text)
                #expect(!tweets.entries.isEmpty && tweets.entries.allSatisfy { $0.categories == ["tweets"] })

                let absent = try await client.get("/export.epub?key=never%2Fstored")
                #expect(absent.status == .notFound)
            }
        }
    }
}

func temporaryFile(_ name: String) throws -> String {
    let folder = TestFolders.root + "/reader-opds-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder + "/" + name
}

/// An Atom feed as the tests read it: its links and entries, parsed by Foundation's XML parser.
struct AtomFeed {
    struct Entry {
        var id = ""
        var title = ""
        var updated = ""
        var links: [[String: String]] = []
        var categories: [String] = []
    }

    var namespace: String?
    var id = ""
    var title = ""
    var updated = ""
    var links: [[String: String]] = []
    var entries: [Entry] = []

    init() {}

    init(_ xml: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse() else { throw HarnessFailure("not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")") }
        self = reader.feed
    }

    /// OPDS 1.2 (and Atom, RFC 4287): the Atom namespace; the feed and each entry with an id, a
    /// title and an RFC 3339 `updated`; every link with an href and a type.
    func checkCatalogRules(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(namespace == "http://www.w3.org/2005/Atom", sourceLocation: sourceLocation)
        #expect(!id.isEmpty && !title.isEmpty && Self.isRFC3339(updated), sourceLocation: sourceLocation)
        for entry in entries {
            #expect(!entry.id.isEmpty && !entry.title.isEmpty && Self.isRFC3339(entry.updated), "\(entry)", sourceLocation: sourceLocation)
            #expect(!entry.links.isEmpty, "\(entry)", sourceLocation: sourceLocation)
        }
        for link in links + entries.flatMap(\.links) {
            #expect(link["href"]?.isEmpty == false && link["type"]?.isEmpty == false, "\(link)", sourceLocation: sourceLocation)
        }
    }

    static func isRFC3339(_ text: String) -> Bool {
        ISO8601DateFormatter().date(from: text) != nil
    }

    final class Reader: NSObject, XMLParserDelegate {
        var feed = AtomFeed()
        var entry: Entry?
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            text = ""
            if name == "feed" { feed.namespace = namespaceURI }
            guard namespaceURI == "http://www.w3.org/2005/Atom" else { return }
            switch name {
            case "entry": entry = Entry()
            case "link": if entry != nil { entry?.links.append(attributes) } else { feed.links.append(attributes) }
            case "category": entry?.categories.append(attributes["term"] ?? "")
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard namespaceURI == "http://www.w3.org/2005/Atom" else { return }
            switch name {
            case "entry":
                if let entry { feed.entries.append(entry) }
                entry = nil
            case "id": if entry != nil { entry?.id = text } else { feed.id = text }
            case "title": if entry != nil { entry?.title = text } else { feed.title = text }
            case "updated": if entry != nil { entry?.updated = text } else { feed.updated = text }
            default: break
            }
        }
    }
}

struct HarnessFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// epubcheck (Debian's package; CI installs it): 0 errors, or a printed SKIPPED line.
enum WebEpubcheck {
    static func validate(_ book: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let jar = "/usr/share/java/epubcheck.jar"
        guard FileManager.default.fileExists(atPath: jar), FileManager.default.isExecutableFile(atPath: "/usr/bin/java") else {
            print("SKIPPED: epubcheck is not installed (apt-get install epubcheck); \(book) was not validated")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/java")
        process.arguments = ["-jar", jar, book]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && text.contains("0 fatals / 0 errors"), "\(text)", sourceLocation: sourceLocation)
    }
}
