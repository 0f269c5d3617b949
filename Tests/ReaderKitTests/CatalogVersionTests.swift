import Foundation
import ReaderTestHarness
import Testing

@testable import ReaderCatalog
@testable import ReaderSupport

/// Earlier versions in the catalog: a store written by reader 0.11 reads and writes unchanged,
/// an entry with versions still decodes as 0.11's entry did, and two catalogs that meet (a
/// push, a pull, the remote's segments) keep every version either knows, whichever comes first.
@Suite struct CatalogVersionTests {
    func entry(_ content: String, at time: String) -> CatalogEntry {
        CatalogEntry(
            requestType: "html", url: "https://example.org/page", raw: BlobID(of: Array("raw \(content)".utf8)),
            document: BlobID(of: Array("document \(content)".utf8)), mediaType: "text/html", charset: "utf-8",
            fetchedAt: time, etag: nil, lastModified: nil, module: "HTML", moduleVersion: "3", size: content.count,
            title: "Page \(content)")
    }

    /// An entry line as reader 0.11 wrote it: no `versions` key.
    static let line011 = #"""
        {"charset":"utf-8","document":"\#(String(repeating: "b", count: 64))","fetchedAt":"2026-11-01T10:00:00Z","mediaType":"text\/html","module":"HTML","moduleVersion":"3","raw":"\#(String(repeating: "a", count: 64))","requestType":"html","size":10,"title":"Old","url":"https:\/\/example.org\/page"}
        """#

    @Test func anEntryOf011ReadsAndWritesUnchanged() throws {
        let decoded = try JSONDecoder().decode(CatalogEntry.self, from: Data(Self.line011.utf8))
        #expect(decoded.earlier.isEmpty && decoded.versions == nil)
        #expect(decoded.blobs.count == 2)
        let written = String(decoding: try CatalogFile.encode(decoded), as: UTF8.self)
        #expect(!written.contains("versions"))
        #expect(try JSONDecoder().decode(CatalogEntry.self, from: Data(written.utf8)) == decoded)
    }

    /// 0.11's entry type, as it was: it ignores the key it does not know.
    struct Entry011: Codable {
        var requestType: String
        var url: String?
        var raw: BlobID
        var document: BlobID
        var mediaType: String?
        var charset: String?
        var fetchedAt: String
        var etag: String?
        var lastModified: String?
        var module: String
        var moduleVersion: String
        var size: Int
        var title: String?
    }

    @Test func anEntryWithVersionsStillDecodesAs011sEntry() throws {
        let newer = entry("two", at: "2026-11-02T00:00:00Z").keeping(entry("one", at: "2026-11-01T00:00:00Z"))
        #expect(newer.earlier.count == 1)
        let old = try JSONDecoder().decode(Entry011.self, from: Data(try CatalogFile.encode(newer)))
        #expect(old.raw == newer.raw && old.document == newer.document && old.title == "Page two")
    }

    @Test func keepingStacksVersionsOldestFirstAndSkipsTheSameBytes() {
        let one = entry("one", at: "2026-11-01T00:00:00Z")
        let two = entry("two", at: "2026-11-01T00:00:00Z").keeping(one)
        let three = entry("three", at: "2026-11-01T00:00:00Z").keeping(two)
        // Three fetches within one second keep their order.
        #expect(three.allVersions.map(\.title) == ["Page one", "Page two", "Page three"])
        #expect(Set(three.blobs).count == 6)
        // A re-parse (the same raw bytes) is no new version.
        var reparsed = entry("three", at: "2026-11-03T00:00:00Z")
        reparsed.document = BlobID(of: Array("reparsed".utf8))
        #expect(reparsed.keeping(three).earlier.count == 2)
        #expect(three.keepingLast(1).allVersions.map(\.title) == ["Page two", "Page three"])
        #expect(three.keepingLast(0).versions == nil)
    }

    @Test func mergingTwoCatalogsKeepsEveryVersionEitherWay() {
        let base = entry("one", at: "2026-11-01T00:00:00Z")
        let mine = entry("mine", at: "2026-11-02T00:00:00Z").keeping(base)
        let theirs = entry("theirs", at: "2026-11-03T00:00:00Z").keeping(base)
        let merged = CatalogEntry.merged(mine, theirs)
        #expect(merged == CatalogEntry.merged(theirs, mine))
        #expect(merged.title == "Page theirs")
        #expect(merged.allVersions.map(\.title) == ["Page one", "Page mine", "Page theirs"])
        // Each side learns what the other has; once merged, nothing more to take.
        #expect(mine.isReplaced(by: merged) && theirs.isReplaced(by: merged))
        #expect(!merged.isReplaced(by: mine) && !merged.isReplaced(by: theirs))
        #expect(CatalogEntry.merged(merged, theirs) == merged)
    }
}
