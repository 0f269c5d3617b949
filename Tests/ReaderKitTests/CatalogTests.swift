import Foundation
import ReaderTestHarness
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRegistry
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport

/// The catalog's layout on disk: one entry per line in `catalog.json`, found by binary search,
/// and a journal of the changes since, so that neither reading one key nor storing one more
/// document costs the size of the catalog.
@Suite struct CatalogTests {
    let catalog: CatalogFile
    let root: String

    init() throws {
        root = try temporaryFolder("catalog")
        catalog = CatalogFile(root: root)
    }

    func entry(_ key: String, size: Int = 1) -> CatalogEntry {
        let raw = BlobID(of: Array("raw \(key)".utf8))
        let document = BlobID(of: Array("document \(key)".utf8))
        return CatalogEntry(
            requestType: "rfc", url: "https://www.rfc-editor.org/\(key).txt", raw: raw, document: document, mediaType: "text/plain",
            charset: nil, fetchedAt: "2026-11-21T00:00:00Z", etag: nil, lastModified: nil, module: "RFCText", moduleVersion: "1",
            size: size, title: "Title of \(key)")
    }

    func catalogJSON() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/catalog.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["entries"] as? [String: Any])
    }

    @Test func tenThousandEntriesAreFoundOneByOneAndCatalogJSONHoldsThemAll() throws {
        // Through the journal in batches, compacting as it grows.
        let small = CatalogFile(root: root, journalLimit: 256 << 10)
        for batch in stride(from: 1, through: 10_000, by: 500) {
            try small.record(contentsOf: (batch..<batch + 500).map { ("rfc/\($0)", entry("rfc/\($0)", size: $0)) })
        }
        try small.record("rfc/793", entry("rfc/793", size: 793))
        try small.compact()
        #expect(try catalogJSON().count == 10_000)
        #expect(try CatalogJournal(path: root + "/catalog.journal").changes().isEmpty)
        for number in [1, 2, 793, 999, 1000, 9999, 10_000] {
            #expect(try small.entry("rfc/\(number)")?.size == number)
        }
        #expect(try small.entry("rfc/10001") == nil)
        #expect(try small.entry("rfc/0") == nil)
        #expect(try small.entry("") == nil)
        // One entry per line, sorted by key, so a lookup is a binary search over lines.
        let text = try String(contentsOfFile: root + "/catalog.json", encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 10_002)
        #expect(lines[1].hasPrefix(#""rfc/1":{"#))
        #expect(lines[2].hasPrefix(#""rfc/10":{"#))
    }

    /// A mirror: 10,000 entries stored one at a time, each looked up first as a fetch does,
    /// and `catalog.json` written once, at the end. Another process's catalog (another value
    /// over the same files) sees every entry, before and after the compaction, and so does
    /// the writer after someone else compacted and the journal started again.
    @Test func tenThousandSingleEntriesWriteCatalogJSONOnceAtTheEnd() throws {
        let other = CatalogFile(root: root)
        for number in 1...10_000 {
            #expect(try catalog.entry("rfc/\(number)") == nil)
            try catalog.record("rfc/\(number)", entry("rfc/\(number)", size: number))
            if number % 2_500 == 0 { #expect(try other.entry("rfc/\(number / 2)")?.size == number / 2) }
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/catalog.json"), "no compaction before the end")
        try other.compact()
        #expect(try catalogJSON().count == 10_000)
        for number in [1, 5_000, 10_000] { #expect(try catalog.entry("rfc/\(number)")?.size == number) }
        try other.record("rfc/1", entry("rfc/1", size: 42))
        #expect(try catalog.entry("rfc/1")?.size == 42, "the new journal's change, not the old one's")
        try catalog.record("rfc/1", nil)
        #expect(try other.entry("rfc/1") == nil)
        #expect(try other.read().entries.count == 9_999)
    }

    @Test func anEntryInTheJournalIsReadBeforeCompactionAndReplacesTheCatalogs() throws {
        try catalog.record("rfc/793", entry("rfc/793", size: 1))
        try catalog.compact()
        try catalog.record("rfc/793", entry("rfc/793", size: 2))
        try catalog.record("rfc-index", entry("rfc-index"))
        #expect(try catalog.entry("rfc/793")?.size == 2)
        #expect(try catalogJSON().count == 1)
        #expect(try catalog.read().entries.count == 2)
        try catalog.record("rfc/793", nil)
        #expect(try catalog.entry("rfc/793") == nil)
        try catalog.compact()
        #expect(Set(try catalogJSON().keys) == ["rfc-index"])
    }

    @Test func aTornLastJournalLineReadsAsNotWrittenAndIsCutByTheNextAppend() throws {
        try catalog.record("a", entry("a"))
        let journal = root + "/catalog.journal"
        var bytes = try #require(try FileSystem.read(journal))
        let whole = bytes.count
        // A process killed mid-append: half of a line for "b", no newline.
        try catalog.record("b", entry("b"))
        bytes = try #require(try FileSystem.read(journal))
        try FileSystem.writeAtomically(Array(bytes.prefix(whole + (bytes.count - whole) / 2)), to: journal)
        #expect(try catalog.entry("b") == nil)
        #expect(try catalog.entry("a") != nil)
        try catalog.record("c", entry("c"))
        #expect(try catalog.entry("c") != nil)
        #expect(try catalog.read().entries.keys.sorted() == ["a", "c"])
    }

    @Test func keysThatNeedEscapingSortAndAreFound() throws {
        let keys = [
            "https://example.org/a?q=\"x\"", "https://example.org/a\\b", "line\nbreak", "tab\there", "zürich", "日本", "\u{1}",
            "rfc/1", "rfc-index",
        ]
        for (index, key) in keys.enumerated() { try catalog.record(key, entry(key, size: index)) }
        try catalog.compact()
        for (index, key) in keys.enumerated() { #expect(try catalog.entry(key)?.size == index, "\(key)") }
        #expect(Set(try catalogJSON().keys) == Set(keys))
    }

    @Test func aCatalogWrittenByAnEarlierVersionIsReadAndRewrittenOnTheNextCompaction() throws {
        // Version 0.1 wrote the catalog as one compact line.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let old = try encoder.encode(Catalog(entries: ["rfc/793": entry("rfc/793", size: 7), "rfc-index": entry("rfc-index")]))
        try FileSystem.writeAtomically([UInt8](old), to: root + "/catalog.json")
        #expect(try catalog.entry("rfc/793")?.size == 7)
        try catalog.compact()
        let text = try String(contentsOfFile: root + "/catalog.json", encoding: .utf8)
        #expect(text.split(separator: "\n").count == 4)
        #expect(try catalog.entry("rfc/793")?.size == 7)
    }

    @Test func aDamagedCatalogIsNamedAndACompactionRebuildsItFromTheLastGoodOneAndTheJournal() throws {
        try catalog.record("first", entry("first"))
        try catalog.compact()
        try catalog.record("second", entry("second"))
        try catalog.compact()
        let path = root + "/catalog.json"
        let bytes = try #require(try FileSystem.read(path))
        for damage in [Array(bytes.prefix(bytes.count / 2)), Array("not json at all\n".utf8), []] {
            try FileSystem.writeAtomically(damage, to: path)
            #expect(throws: ReaderError.damaged(what: "catalog.json", reason: "not a valid catalog")) { try catalog.entry("first") }
        }
        try catalog.record("third", entry("third"))
        #expect(try catalog.entry("third") != nil)
        try catalog.compact()
        // catalog.prev.json, the copy written with the last good catalog, had "first" and "second".
        #expect(try catalog.read().entries.keys.sorted() == ["first", "second", "third"])
    }

    @Test func aCatalogRebuiltWithoutItsCopyIsMarkedPartialBeforeItIsWritten() throws {
        try catalog.record("first", entry("first"))
        try catalog.compact()
        try FileSystem.writeAtomically(Array("not json\n".utf8), to: root + "/catalog.json")
        try FileSystem.remove(root + "/catalog.prev.json")
        #expect(catalog.partial.reason() == nil)
        try catalog.record("second", entry("second"))
        try catalog.compact()
        #expect(try catalog.read().entries.keys.sorted() == ["second"])
        let reason = try #require(catalog.partial.reason())
        #expect(
            reason.hasPrefix(
                "catalog.json was unreadable and catalog.prev.json missing; the catalog was rebuilt from catalog.journal alone ("))
        // Later compactions of the (now readable) catalog keep the marker and its first reason.
        try catalog.record("third", entry("third"))
        try catalog.compact()
        #expect(catalog.partial.reason() == reason)
    }

    @Test func aDeletedCatalogWithItsCopyLeftIsDamageNotANewStoreAndACompactionRestoresItWhole() throws {
        try catalog.record("first", entry("first"))
        try catalog.compact()
        try FileSystem.remove(root + "/catalog.json")
        let missing = ReaderError.damaged(what: "catalog.json", reason: "missing, while catalog.prev.json is there")
        #expect(throws: missing) { try catalog.read() }
        #expect(throws: missing) { try catalog.entry("first") }
        try catalog.record("second", entry("second"))
        try catalog.compact()
        #expect(try catalog.read().entries.keys.sorted() == ["first", "second"])
        #expect(catalog.partial.reason() == nil)
    }

    /// A compaction merges the journal into the sorted `catalog.json` line by line: the file
    /// and its copy are the bytes a fold of everything in memory writes, with changes, removals
    /// and new keys before, between and after the lines already there.
    @Test func aCompactionMergesTheJournalIntoTheSortedCatalogAsAWholeFoldWould() throws {
        try catalog.record(contentsOf: stride(from: 10, through: 90, by: 10).map { ("k\($0)", entry("k\($0)", size: $0)) })
        try catalog.compact()
        try catalog.record("k05", entry("k05", size: 5))
        try catalog.record("k20", entry("k20", size: 2_000))
        try catalog.record("k30", nil)
        try catalog.record("k45", entry("k45", size: 45))
        try catalog.record("k45", entry("k45", size: 4_500))
        try catalog.record("k90", nil)
        try catalog.record("k99", entry("k99", size: 99))
        try catalog.record("k99", nil)
        try catalog.record("z", entry("z", size: 26))
        try catalog.compact()
        var expected: [String: Int] = ["k05": 5, "k10": 10, "k20": 2_000, "k40": 40, "k45": 4_500, "k50": 50, "k60": 60]
        expected["k70"] = 70
        expected["k80"] = 80
        expected["z"] = 26
        let members = try expected.map {
            KeyedLines.Member(key: KeyedLines.literal($0.key), value: try CatalogFile.encode(entry($0.key, size: $0.value)))
        }
        let whole = KeyedLines.encode(header: CatalogFile.header, members)
        #expect(try FileSystem.read(root + "/catalog.json") == whole)
        #expect(try FileSystem.read(root + "/catalog.prev.json") == whole)
        #expect(try catalog.read().entries.mapValues(\.size) == expected)
        // Everything removed: the empty catalog, as a fold writes it.
        try catalog.record(contentsOf: expected.keys.map { ($0, nil) })
        try catalog.compact()
        #expect(try FileSystem.read(root + "/catalog.json") == KeyedLines.encode(header: CatalogFile.header, []))
        #expect(try catalog.read().entries.isEmpty)
    }

    /// A `catalog.json` whose lines someone reordered is still JSON, but not a table to merge
    /// into: the compaction folds it in memory and writes it sorted again.
    @Test func aCatalogOutOfOrderIsFoldedWholeAndWrittenSorted() throws {
        var bytes = CatalogFile.header
        for (index, key) in ["c", "a", "b"].enumerated() {
            bytes += KeyedLines.literal(key) + Array(":".utf8) + (try CatalogFile.encode(entry(key)))
            bytes += Array((index < 2 ? ",\n" : "\n").utf8)
        }
        bytes += KeyedLines.footer
        let path = root + "/catalog.json"
        try FileSystem.writeAtomically(bytes, to: path)
        try catalog.record("d", entry("d"))
        try catalog.compact()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().dropLast()
        #expect(lines.map { String($0.prefix(3)) } == [#""a""#, #""b""#, #""c""#, #""d""#])
        #expect(try catalog.read().entries.keys.sorted() == ["a", "b", "c", "d"])
    }
}

/// `reader cache ls --limit N`: the head of the listing from one walk of the catalog's keys,
/// the same documents in the same order as the whole listing's first N, whatever the journal
/// holds that `catalog.json` does not yet.
@Suite struct ListingHeadTests {
    @Test func theHeadOfTheListingIsTheWholeListingsFirstDocuments() throws {
        let root = try temporaryFolder("listing-head")
        let store = Store(root: root)
        func entry(_ key: String, source: String) -> CatalogEntry {
            CatalogEntry(
                requestType: source, url: nil, raw: BlobID(of: Array("raw \(key)".utf8)), document: BlobID(of: Array("doc \(key)".utf8)),
                mediaType: "text/plain", charset: nil, fetchedAt: "2026-11-27T00:00:00Z", etag: nil, lastModified: nil, module: "M",
                moduleVersion: "1", size: 1, title: "Title of \(key)")
        }
        // Number order is not the catalog's byte order: rfc/9711 is before rfc/972 in bytes.
        let rfcs = [1, 2, 9, 10, 99, 100, 972, 9711, 10_000].map { "rfc/\($0)" }
        let pages = ["https://example.org/a", "https://example.org/page10", "https://example.org/page9"]
        try store.catalog.record(contentsOf: rfcs.map { ($0, entry($0, source: "rfc")) } + pages.map { ($0, entry($0, source: "html")) })
        try store.catalog.compact()
        // Changes only the journal holds: a removal, a new key before every other, a new page.
        try store.catalog.record("rfc/1", nil)
        try store.catalog.record("rfc/0100x", entry("rfc/0100x", source: "rfc"))
        try store.catalog.record("https://example.org/page08", entry("https://example.org/page08", source: "html"))
        let none: Store.TitleSources = { _ in [:] }
        for source in [nil, "rfc", "html", "tweets"] {
            let whole = try store.list(source: source, titles: none)
            for limit in [0, 1, 3, 5, 100] {
                let head = try store.list(source: source, limit: limit, titles: none)
                #expect(head == Array(whole.prefix(limit)), "source \(source ?? "any"), limit \(limit)")
            }
        }
        #expect(
            try store.list(source: nil, limit: 3, titles: none).map(\.key) == [
                "https://example.org/a", "https://example.org/page08", "https://example.org/page9",
            ])
        #expect(try store.list(source: "rfc", limit: 4, titles: none).map(\.key) == ["rfc/2", "rfc/9", "rfc/10", "rfc/99"])
    }

    /// The home page's and the feeds' summary, from one pass over the catalog's lines reading
    /// each entry's source and fetch time: the counts, the latest fetch of each source and the
    /// newest documents (ties in key order; of one source for its feed) that the whole catalog,
    /// decoded, says — with changes only the journal holds — and whether a key is stored, asked
    /// of the catalog without decoding its entry.
    @Test func theSummaryIsWhatTheWholeCatalogSays() throws {
        let root = try temporaryFolder("summary")
        let store = Store(root: root)
        func entry(_ key: String, source: String, at time: String) -> CatalogEntry {
            CatalogEntry(
                requestType: source, url: nil, raw: BlobID(of: Array("raw \(key)".utf8)), document: BlobID(of: Array("doc \(key)".utf8)),
                mediaType: "text/plain", charset: nil, fetchedAt: time, etag: nil, lastModified: nil, module: "M", moduleVersion: "1",
                size: 1, title: "Title of \(key)")
        }
        // Fetch times that tie, and keys whose byte order is not their number order.
        let times = ["2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z", "2026-11-26T23:59:59Z"]
        let stored = (1...30).map { number in
            ("rfc/\(number)", entry("rfc/\(number)", source: number % 3 == 0 ? "errata" : "rfc", at: times[number % 3]))
        }
        let page = "https://example.org/a"
        try store.catalog.record(contentsOf: stored + [(page, entry(page, source: "html", at: times[1]))])
        try store.catalog.compact()
        try store.catalog.record("rfc/4", nil)
        try store.catalog.record("rfc/31", entry("rfc/31", source: "rfc", at: "2026-11-27T10:00:00Z"))
        let none: Store.TitleSources = { _ in [:] }
        let whole = try store.catalog.read().entries
        for count in [0, 1, 5, 40] {
            let summary = try store.summary(recent: count, titles: none)
            var counts: [String: Int] = [:]
            for entry in whole.values { counts[entry.requestType, default: 0] += 1 }
            #expect(summary.counts == counts)
            let newest = whole.sorted { ($0.value.fetchedAt, $1.key) > ($1.value.fetchedAt, $0.key) }.prefix(count).map(\.key)
            #expect(summary.recent.map(\.key) == newest, "count \(count)")
            var latest: [String: String] = [:]
            for entry in whole.values { latest[entry.requestType] = max(latest[entry.requestType] ?? "", entry.fetchedAt) }
            #expect(summary.latest == latest)
            // A feed of one source: its newest only, the counts still the whole store's.
            let ofErrata = try store.summary(recent: count, source: "errata", titles: none)
            let newestErrata = whole.filter { $0.value.requestType == "errata" }
                .sorted { ($0.value.fetchedAt, $1.key) > ($1.value.fetchedAt, $0.key) }.prefix(count).map(\.key)
            #expect(ofErrata.recent.map(\.key) == newestErrata && ofErrata.counts == counts, "errata, count \(count)")
        }
        #expect(try store.listed(keys: ["rfc/2", "rfc/4", "rfc/1"], titles: none).map(\.key) == ["rfc/2", "rfc/1"])
        #expect(try store.summary(recent: 3, titles: none).recent.map(\.key) == ["rfc/31", "https://example.org/a", "rfc/1"])
        #expect(try store.catalog.contains("rfc/31") && store.catalog.contains("rfc/30"))
        #expect(try !store.catalog.contains("rfc/4") && !store.catalog.contains("rfc/32"))
    }

    /// `catalog.first`, kept by each compaction, answers the head without a walk only while it
    /// can: for the `catalog.json` it was written beside, with the journal's changes applied,
    /// and with enough of its keys left; else nil, and the listing walks the catalog.
    @Test func catalogFirstAnswersTheHeadOnlyWhileItCan() throws {
        let root = try temporaryFolder("catalog-first")
        let catalog = CatalogFile(root: root, firstKeysKept: 4)
        func entry(_ key: String) -> CatalogEntry {
            CatalogEntry(
                requestType: "rfc", url: nil, raw: BlobID(of: Array("raw \(key)".utf8)), document: BlobID(of: Array("doc \(key)".utf8)),
                mediaType: "text/plain", charset: nil, fetchedAt: "2026-11-27T00:00:00Z", etag: nil, lastModified: nil, module: "M",
                moduleVersion: "1", size: 1, title: nil)
        }
        func first(_ limit: Int) throws -> [String]? {
            try catalog.firstKeys(limit: limit)?.map { literal in try literal.withUnsafeBytes { try CatalogFile.key($0) } }
        }
        // Not written yet: nothing to say.
        #expect(try first(2) == nil)
        try catalog.record(contentsOf: [1, 2, 9, 10, 99, 100, 972, 9711, 10_000].map { ("rfc/\($0)", entry("rfc/\($0)")) })
        try catalog.compact()
        #expect(try first(3) == ["rfc/1", "rfc/2", "rfc/9"])
        #expect(try first(4) == ["rfc/1", "rfc/2", "rfc/9", "rfc/10"])
        // It keeps four: five are the walk's to find.
        #expect(try first(5) == nil)
        // Two of its keys removed in the journal: two are left, and every other key comes after them.
        try catalog.record("rfc/1", nil)
        try catalog.record("rfc/2", nil)
        #expect(try first(2) == ["rfc/9", "rfc/10"])
        #expect(try first(3) == nil)
        // A key the journal adds is among them.
        try catalog.record("rfc/5", entry("rfc/5"))
        #expect(try first(2) == ["rfc/5", "rfc/9"])
        // Folded in: written anew, with the catalog's identity.
        try catalog.compact()
        #expect(try first(4) == ["rfc/5", "rfc/9", "rfc/10", "rfc/99"])
        // `catalog.json` changed by anything but a compaction: not the file it describes.
        let path = root + "/catalog.json"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: path)
        #expect(try first(2) == nil)
        try catalog.record("rfc/7", entry("rfc/7"))
        try catalog.compact()
        #expect(try first(2) == ["rfc/5", "rfc/7"])
        // Cut short or garbled: passed over.
        for damage in ["reader-first 1 1 2\n", "\u{0}\u{1}garbage", ""] {
            try Data(damage.utf8).write(to: URL(fileURLWithPath: root + "/catalog.first"))
            #expect(try first(2) == nil, "\(damage)")
        }
    }

    /// The head's number order is the whole listing's (`String.compare(_:options: .numeric)`),
    /// over keys whose bytes share long prefixes and differ inside runs of digits.
    @Test func numberOrderOverBytesIsTheListingsOrder() {
        var generator = Seeded(state: 32)
        let parts = ["rfc/", "draft-ietf-", "https://x.org/", "a", "b-", "9", "10", "99", "100", "7", "/", "v"]
        let keys = (0..<400).map { _ in
            (0..<Int.random(in: 1...5, using: &generator)).map { _ in parts.randomElement(using: &generator) ?? "" }.joined()
        }
        for a in keys {
            for b in keys.prefix(60) {
                let expected = a.compare(b, options: .numeric) == .orderedAscending
                let got = Array(a.utf8).withUnsafeBytes { a in Array(b.utf8).withUnsafeBytes { FirstKeys.precedes(a, $0) } }
                #expect(got == expected, "\(a) before \(b)")
            }
        }
    }

    /// SplitMix64: the same keys on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
