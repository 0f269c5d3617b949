import Foundation
import ReaderTestHarness
import Testing

/// `reader cache gc --repack`: blobs a fetch wrote fast, deflated again densely. What a user
/// notices — a smaller store, every blob still one zlib stream of the bytes its name hashes
/// (checked here by the suite's own zlib and SHA-256), every document still there. That a
/// `kill -9` at any instant of a repack leaves every blob whole is `KillTests`' `repack` lane.
@Suite struct RepackTests {
    @Test func repackMakesTheStoreSmallerAndEveryBlobStaysTheStreamOfItsName() async throws {
        let server = try await LoopbackServer(RFCSite.handler())
        defer { Task { await server.stop() } }
        let store = try temporaryFolder("repack")
        let reader = try reader(store: store, site: server)
        #expect(try await reader.measure(["fetch", "rfc-index"]).status == 0)
        #expect(try await reader.measure(["fetch", "rfc", "1-20"]).status == 0)
        let blobs = StoreAudit(store).goodBlobs
        let before = try size(of: store)
        let repack = try await reader.measure(["cache", "gc", "--repack", "--json"])
        #expect(repack.status == 0, "\(repack)")
        let repacked = jsonObject(repack.stdout)?["repacked"] as? [String: Any]
        #expect(repacked?["blobsRepacked"] as? Int == blobs.count, "\(repack)")
        let after = try size(of: store)
        #expect(after < before * 95 / 100, "\(before) → \(after) bytes")
        let audit = StoreAudit(store)
        #expect(audit.isClean && audit.goodBlobs == blobs, "\(audit)")
        #expect(try await reader.measure(["cache", "verify"]).status == 0)
        let opened = try await reader.measure(["open", "--offline", "--format", "json", "7"])
        #expect(jsonObject(opened.stdout)?["key"] as? String == "rfc/7", "\(opened)")
        // Nothing is left to do a second time; the summary line says what was done.
        let again = try await reader.measure(["cache", "gc", "--repack"])
        #expect(again.status == 0 && again.stdout.contains("repacked 0 blobs"), "\(again)")
    }

    /// Bytes of the blob files under `objects/`.
    func size(of store: String) throws -> Int {
        var total = 0
        let objects = store + "/objects"
        for folder in try FileManager.default.contentsOfDirectory(atPath: objects) where folder.count == 2 {
            for name in try FileManager.default.contentsOfDirectory(atPath: "\(objects)/\(folder)") {
                total += (try FileManager.default.attributesOfItem(atPath: "\(objects)/\(folder)/\(name)")[.size] as? Int) ?? 0
            }
        }
        return total
    }
}
