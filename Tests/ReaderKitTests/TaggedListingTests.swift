import Foundation
import ReaderBuiltins
import ReaderCatalog
import ReaderPluginAPI
import ReaderTestHarness
import Testing

@testable import ReaderKit
@testable import ReaderStore

/// `cache ls --tag`, `--starred` and the site's `/kept`: the documents with that note, looked up
/// one by one, are the whole listing's documents with it, in the listing's number order and with
/// their notes — and `--unread`, which admits documents without notes, is still the whole listing.
@Suite struct TaggedListingTests {
    @Test func aTaggedListingIsTheWholeListingFiltered() throws {
        let reader = Reader(configuration: Configuration(storeRoot: try temporaryFolder("tagged-listing")), modules: builtinModules)
        // Synthetic documents (only their keys and sources matter): number order is not byte order.
        let keys = ["rfc/100", "rfc/9", "rfc/10", "rfc/1000", "https://example.org/a"]
        for key in keys {
            let document = Document(source: key.hasPrefix("rfc") ? "rfc" : "html", key: key, title: "Title of \(key)")
            _ = try reader.store.commit(key: key, raw: Array("raw \(key)".utf8), document: document) { raw, parsed in
                CatalogEntry(
                    requestType: document.source, url: nil, raw: raw, document: parsed, mediaType: "text/plain", charset: nil,
                    fetchedAt: "2026-11-27T10:00:00Z", etag: nil, lastModified: nil, module: "M", moduleVersion: "1", size: 1,
                    title: document.title)
            }
        }
        try reader.store.compactCatalog()
        for key in ["rfc/1000", "rfc/9", "https://example.org/a", "rfc/100"] { _ = try reader.tag(key, adding: ["later"], removing: []) }
        _ = try reader.tag("rfc/100", adding: [], removing: ["later"])
        _ = try reader.mark("rfc/10", "starred")
        _ = try reader.mark("rfc/9", "read")
        let states = try reader.annotationStates()
        for filter in [AnnotationFilter(tag: "later"), AnnotationFilter(starred: true), AnnotationFilter(unread: true)] {
            for source in [nil, "rfc", "html"] {
                let expected = try reader.listStored(source: source).filter { filter.admits(states[$0.key]) }
                let listed = try reader.listStored(source: source, filter: filter)
                #expect(listed.map(\.key) == expected.map(\.key), "\(filter), source \(source ?? "any")")
                #expect(listed.map(\.title) == expected.map(\.title))
            }
        }
        #expect(try reader.listStored(filter: AnnotationFilter(tag: "later")).map(\.key) == ["https://example.org/a", "rfc/9", "rfc/1000"])
        #expect(try reader.listStored(filter: AnnotationFilter(tag: "later")).allSatisfy { $0.tags == ["later"] })
    }
}
