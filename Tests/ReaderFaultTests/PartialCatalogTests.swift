import Foundation
import ReaderTestHarness
import Testing

/// A catalog rebuilt from less than the whole catalog (`catalog.json` and its copy
/// `catalog.prev.json` both damaged, so a fetch has only the journal left) must not let
/// `cache gc` remove the blobs of the entries it lost: the store never loses data. Each test
/// starts from a store holding a document of every source.
@Suite struct PartialCatalogTests {
    let sources: AllSources
    let store: String
    let reader: ReaderBinary
    /// Every good blob of the filled store, before any damage.
    let blobs: Set<String>

    init() async throws {
        sources = try await AllSources.shared()
        store = try await sources.filledStore()
        reader = try sources.reader(store: store)
        blobs = StoreAudit(store).goodBlobs
    }

    var marker: String { store + "/catalog.partial" }

    func cutCatalogInHalf() throws {
        let path = store + "/catalog.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    }

    func damageBothCatalogs() throws {
        try cutCatalogInHalf()
        try Data("<html><body>502 Bad Gateway</body></html>\n".utf8).write(to: URL(fileURLWithPath: store + "/catalog.prev.json"))
    }

    func missingBlobs() -> [String] {
        blobs.filter { !FileManager.default.fileExists(atPath: ContractBlobs.path(store, $0)) }.sorted()
    }

    /// Every document of the filled store opens offline.
    func unopened() async throws -> [String] {
        var failed: [String] = []
        for document in sources.documents {
            let open = try await reader.measure(["open", document.open, "--offline", "--format", "json"])
            if open.status != 0 || jsonObject(open.stdout) == nil { failed.append("\(document.key): \(open)") }
        }
        return failed
    }

    @Test func afterARebuildFromTheJournalAloneGcRefusesAndKeepsEveryBlobUntilTheLostEntriesAreBack() async throws {
        try damageBothCatalogs()
        let fetch = try await reader.measure(["fetch", "rfc", "2"])
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.stderr.contains("warning: the catalog may lack entries"), "\(fetch)")
        // The marker, written before the rebuilt catalog, says why.
        let reason = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? "no catalog.partial"
        #expect(
            reason.hasPrefix(
                "catalog.json was unreadable and so was catalog.prev.json; the catalog was rebuilt from catalog.journal alone ("))

        let before = StoreSnapshot(store)
        let gc = try await reader.measure(["cache", "gc"])
        #expect(gc.status == 6, "\(gc)")
        let lines = gc.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(gc)")
        #expect(gc.stderr.hasPrefix("reader: the catalog may lack entries: catalog.json was unreadable"), "\(gc)")
        #expect(gc.stderr.contains("gc removes nothing while \(blobs.count) blobs it does not name may be their data"), "\(gc)")
        #expect(gc.stderr.contains("'reader cache recover'"), "\(gc)")
        #expect(StoreSnapshot(store) == before, "\(StoreSnapshot(store).difference(from: before))")
        #expect(missingBlobs().isEmpty)

        let verify = try await reader.measure(["cache", "verify"])
        #expect(verify.status == 6, "\(verify)")
        #expect(verify.stdout.contains("damaged: catalog catalog.partial: catalog.json was unreadable"), "\(verify)")

        // recover names what each lost document is and how to fetch it again.
        let recover = try await reader.measure(["cache", "recover", "--json"])
        #expect(recover.status == 0, "\(recover)")
        let recovery = try #require(jsonObject(recover.stdout), "\(recover)")
        #expect((recovery["partial"] as? String)?.hasPrefix("catalog.json was unreadable") == true)
        let unnamed = try #require(recovery["unnamed"] as? [[String: Any]])
        #expect(Set(unnamed.compactMap { $0["blob"] as? String }) == blobs)
        let commands = Set(unnamed.compactMap { $0["fetchCommand"] as? String })
        #expect(commands == Set(sources.documents.map { "reader fetch " + $0.fetch.joined(separator: " ") }), "\(commands)")
        let text = try await reader.measure(["cache", "recover"])
        #expect(text.stdout.contains("document rfc/1 \"Host Software\""), "\(text)")
        #expect(text.stdout.contains("\(blobs.count) blobs no entry names"), "\(text)")

        // Fetching each lost document again names the same blobs again: the catalog is whole.
        for document in sources.documents {
            let again = try await reader.measure(["fetch"] + document.fetch)
            #expect(again.status == 0, "\(again)")
        }
        let whole = try await reader.measure(["cache", "gc", "--json"])
        #expect(whole.status == 0, "\(whole)")
        #expect(jsonObject(whole.stdout)?["blobsRemoved"] as? Int == 0, "\(whole)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(missingBlobs().isEmpty)
        #expect(try await unopened().isEmpty)
        #expect(try await reader.measure(["cache", "verify"]).status == 0)
    }

    @Test func acceptingTheLossLetsGcRemoveWhatTheRebuiltCatalogDoesNotName() async throws {
        try damageBothCatalogs()
        #expect(try await reader.measure(["fetch", "rfc", "2"]).status == 0)
        let accept = try await reader.measure(["cache", "recover", "--accept-loss"])
        #expect(accept.status == 0, "\(accept)")
        #expect(accept.stdout.contains("gave up what the catalog lost (catalog.json was unreadable"), "\(accept)")
        #expect(!FileManager.default.fileExists(atPath: marker))

        let gc = try await reader.measure(["cache", "gc", "--json"])
        #expect(gc.status == 0, "\(gc)")
        #expect(jsonObject(gc.stdout)?["blobsRemoved"] as? Int == blobs.count, "\(gc)")
        let open = try await reader.measure(["open", "2", "--offline", "--format", "json"])
        #expect(jsonObject(open.stdout)?["key"] as? String == "rfc/2", "\(open)")
        #expect(try await reader.measure(["cache", "verify"]).status == 0)
    }

    @Test func onlyCatalogJsonDamagedIsRebuiltWholeAndGcStillWorks() async throws {
        try cutCatalogInHalf()
        let fetch = try await reader.measure(["fetch", "rfc", "2"])
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.stderr.isEmpty, "\(fetch)")
        #expect(!FileManager.default.fileExists(atPath: marker))

        let orphan = try ContractBlobs.plant(Array("left by a fetch killed before its catalog update".utf8), in: store)
        let gc = try await reader.measure(["cache", "gc", "--json"])
        #expect(gc.status == 0, "\(gc)")
        #expect(jsonObject(gc.stdout)?["blobsRemoved"] as? Int == 1, "\(gc)")
        #expect(!FileManager.default.fileExists(atPath: ContractBlobs.path(store, orphan)))
        #expect(missingBlobs().isEmpty)
        #expect(try await unopened().isEmpty)
        #expect(try await reader.measure(["cache", "verify"]).status == 0)
    }

    /// reader 0.1 kept as `catalog.prev.json` the catalog before the last one, in a layout of
    /// its own: rebuilt from such a copy, the catalog may lack that last change.
    @Test func aCopyInTheOlderLayoutMayLackTheLastChangeSoGcWaitsUntilEveryBlobIsNamed() async throws {
        let copy = store + "/catalog.prev.json"
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: copy))) as? [String: Any])
        var entries = try #require(catalog["entries"] as? [String: Any])
        let last = sources.documents[3]
        let lastBlobs = try #require(catalogBlobs(store, key: last.key))
        entries[last.key] = nil
        catalog["entries"] = entries
        try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: copy))
        try cutCatalogInHalf()

        #expect(try await reader.measure(["fetch", "rfc", "2"]).status == 0)
        let reason = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? "no catalog.partial"
        #expect(reason.contains("in the layout of reader 0.1, may lack the last change"), "\(reason)")
        let gc = try await reader.measure(["cache", "gc"])
        #expect(gc.status == 6, "\(gc)")
        #expect(gc.stderr.contains("while 2 blobs it does not name"), "\(gc)")
        #expect(missingBlobs().isEmpty)
        let recover = try await reader.measure(["cache", "recover", "--json"])
        let unnamed = (jsonObject(recover.stdout)?["unnamed"] as? [[String: Any]]) ?? []
        #expect(Set(unnamed.compactMap { $0["blob"] as? String }) == [lastBlobs.raw, lastBlobs.document], "\(recover)")

        #expect(try await reader.measure(["fetch"] + last.fetch).status == 0)
        let whole = try await reader.measure(["cache", "gc", "--json"])
        #expect(whole.status == 0, "\(whole)")
        #expect(jsonObject(whole.stdout)?["blobsRemoved"] as? Int == 0, "\(whole)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(try await unopened().isEmpty)
    }
}
