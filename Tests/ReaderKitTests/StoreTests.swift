import Foundation
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRegistry
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport

@Suite struct StoreTests {
    let store: Store

    init() throws {
        store = Store(root: try temporaryFolder("store"))
    }

    func document(_ key: String, _ text: String = "body") -> Document {
        Document(source: "test", key: key, title: "Title of \(key)", blocks: [.text(text)])
    }

    func commit(_ key: String, raw: [UInt8], text: String = "body") throws -> CatalogEntry {
        try store.commit(key: key, raw: raw, document: document(key, text)) { rawID, documentID in
            CatalogEntry(
                requestType: "test", url: "http://127.0.0.1/\(key)", raw: rawID, document: documentID, mediaType: "text/plain",
                charset: nil, fetchedAt: "2026-11-21T00:00:00Z", etag: "\"1\"", lastModified: nil, module: "test",
                moduleVersion: "1", size: raw.count, title: "Title of \(key)")
        }.entry
    }

    @Test func realRFCRoundTripsThroughTheStoreAsTheContractLaysItOut() throws {
        let raw = try Corpus.bytes("rfc/rfc793.txt")
        let entry = try commit("rfc/793", raw: raw)
        #expect(try store.raw(of: entry) == raw)
        #expect(try store.document(of: entry).title == "Title of rfc/793")
        // The contract: objects/ab/cdef…, a zlib stream of the bytes whose SHA-256 is the name.
        let hex = BlobID(of: raw).hex
        let path = "\(store.root)/objects/\(hex.prefix(2))/\(hex.dropFirst(2))"
        let onDisk = try #require(try FileSystem.read(path))
        #expect(onDisk.count < raw.count / 2)
        #expect(try Zlib.decompress(onDisk, limit: 1 << 30) == raw)
        // A fetch writes both blobs at the fastest level (zlib's header says "fastest"); a
        // repack writes them again at the densest ("maximum"), the same bytes, smaller.
        let documentHex = entry.document.hex
        let documentPath = "\(store.root)/objects/\(documentHex.prefix(2))/\(documentHex.dropFirst(2))"
        let documentOnDisk = try #require(try FileSystem.read(documentPath))
        #expect(onDisk.prefix(2) == [0x78, 0x01] && documentOnDisk.prefix(2) == [0x78, 0x01])
        let repacked = try store.repack()
        #expect(repacked.blobsRepacked == 2)
        let dense = try #require(try FileSystem.read(path))
        #expect(dense.prefix(2) == [0x78, 0xDA] && dense.count < onDisk.count)
        #expect(try Zlib.decompress(dense, limit: 1 << 30) == raw)
        #expect(try store.repack().blobsRepacked == 0)
        // catalog.json is plain JSON naming the blobs once the journal is folded into it,
        // as every `reader` command that stores something does before it exits.
        try store.compactCatalog()
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: store.root + "/catalog.json")))
        let entries = try #require((catalog as? [String: Any])?["entries"] as? [String: Any])
        let stored = try #require(entries["rfc/793"] as? [String: Any])
        #expect(stored["raw"] as? String == hex)
        #expect(stored["module"] as? String == "test")
    }

    @Test func twoWritersAtOnceLoseNoEntry() async throws {
        let store = self.store
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    for index in 0..<40 {
                        let key = "w\(writer)/\(index)"
                        let raw = Array("writer \(writer) entry \(index)".utf8)
                        _ = try? store.commit(key: key, raw: raw, document: Document(source: "t", key: key, title: key)) { r, d in
                            CatalogEntry(
                                requestType: "t", url: nil, raw: r, document: d, mediaType: nil, charset: nil, fetchedAt: "",
                                etag: nil, lastModified: nil, module: "t", moduleVersion: "1", size: raw.count, title: key)
                        }
                    }
                }
            }
        }
        let catalog = try store.catalog.read()
        #expect(catalog.entries.count == 80)
        #expect(store.verify().ok)
    }

    @Test func alteredBlobIsReportedByReadAndByVerify() throws {
        let raw = try Corpus.bytes("rfc/rfc1.txt")
        let entry = try commit("rfc/1", raw: raw)
        let path = store.blobs.path(of: entry.raw)
        var bytes = try #require(try FileSystem.read(path))
        bytes[bytes.count / 2] ^= 0x01
        try FileSystem.writeAtomically(bytes, to: path)
        #expect(throws: ReaderError.self) { try store.raw(of: entry) }
        let verification = store.verify()
        #expect(verification.problems.contains { $0.kind == "blob" && $0.name == entry.raw.hex })
        #expect(verification.problems.contains { $0.kind == "entry" && $0.name == "rfc/1" })
        // Fetching the same bytes again repairs it.
        _ = try commit("rfc/1", raw: raw)
        #expect(try store.raw(of: entry) == raw)
        #expect(store.verify().ok)
    }

    @Test func truncatedEmptyAndMissingBlobsAreNamedByVerify() throws {
        let a = try commit("a", raw: Array(repeating: 0x41, count: 5000))
        let b = try commit("b", raw: Array(repeating: 0x42, count: 5000))
        let c = try commit("c", raw: Array(repeating: 0x43, count: 5000))
        let truncated = try #require(try FileSystem.read(store.blobs.path(of: a.raw)))
        try FileSystem.writeAtomically(Array(truncated.prefix(truncated.count / 2)), to: store.blobs.path(of: a.raw))
        try FileSystem.writeAtomically([], to: store.blobs.path(of: b.raw))
        try FileSystem.remove(store.blobs.path(of: c.raw))
        let problems = store.verify().problems
        #expect(problems.contains { $0.name == a.raw.hex })
        #expect(problems.contains { $0.name == b.raw.hex && $0.reason == "empty file" })
        #expect(problems.contains { $0.name == "c" && $0.reason.contains("missing") })
    }

    @Test func aCrashBetweenTemporaryFileAndRenameLeavesNoVisibleEntry() throws {
        struct Crash: Error {}
        let raw = Array("never committed".utf8)
        let final = store.blobs.path(of: BlobID(of: raw))
        try FileSystem.makeFolders(FileSystem.parent(of: final))
        #expect(throws: Crash.self) {
            try FileSystem.writeAtomically(try Zlib.compress(raw), to: final) { _ in throw Crash() }
        }
        #expect(!FileSystem.exists(final))
        // What a killed process leaves: a temporary file, never a blob under its final name.
        let objects = store.root + "/objects/xx"
        try FileSystem.makeFolders(objects)
        try FileSystem.writeAtomically([1, 2, 3], to: objects + "/.tmp-123-abc")
        #expect(!store.blobs.contains(BlobID(of: raw)))
        #expect(try store.entry("never") == nil)
        #expect(store.verify().ok)
        let collected = try store.collectGarbage()
        #expect(collected.temporaryFilesRemoved == 1)
    }

    @Test func gcRemovesOnlyBlobsNoEntryNames() throws {
        let kept = try commit("kept", raw: Array("kept".utf8))
        let orphan = try store.blobs.put(Array("orphan".utf8)).id
        let result = try store.collectGarbage()
        #expect(result.blobsRemoved == 1)
        #expect(!store.blobs.contains(orphan))
        #expect(try store.raw(of: kept) == Array("kept".utf8))
        #expect(try store.document(of: kept).key == "kept")
    }

    @Test func aCatalogCutInHalfIsReportedAndTheNextCommitRepairsIt() throws {
        _ = try commit("first", raw: Array("1".utf8))
        _ = try commit("second", raw: Array("2".utf8))
        try store.compactCatalog()
        let path = store.root + "/catalog.json"
        let bytes = try #require(try FileSystem.read(path))
        try FileSystem.writeAtomically(Array(bytes.prefix(bytes.count / 2)), to: path)
        #expect(throws: ReaderError.self) { try store.entry("first") }
        #expect(store.verify().problems.contains { $0.kind == "catalog" })
        #expect(throws: ReaderError.self) { try store.collectGarbage() }
        _ = try commit("third", raw: Array("3".utf8))
        try store.compactCatalog()
        let catalog = try store.catalog.read()
        // The last good catalog had "first" and "second"; "third" joins them.
        #expect(catalog.entries.keys.sorted() == ["first", "second", "third"])
    }

    @Test func aZlibBombInTheStoreIsRefusedWithinItsLimit() throws {
        let small = BlobStore(folder: store.root + "/objects", readLimit: 1 << 20)
        let big = [UInt8](repeating: 0, count: 8 << 20)
        let id = try small.put(big).id
        #expect(throws: ReaderError.self) { try small.get(id) }
    }
}
