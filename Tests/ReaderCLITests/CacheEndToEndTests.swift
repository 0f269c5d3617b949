import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader cache stats|verify|gc` run in process (`ReaderCommand.execute`), on a store holding the real index.
@Suite struct CacheEndToEndTests {
    let store: String
    let mirror: String

    init() throws {
        store = try temporaryFolder("e2e-cache")
        mirror = "file://" + Corpus.url("rfc").path
    }

    var reader: ReaderBinary {
        get throws { try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": mirror], runner: .inProcess) }
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func statsVerifyAndGcReportTheStoreAsJSON() async throws {
        let fetch = try await reader.run(["fetch", "rfc-index"])
        #expect(fetch.status == 0, "\(fetch)")
        let stats = try object(try await reader.run(["cache", "stats", "--json"]).stdout)
        #expect(stats["entries"] as? Int == 1)
        #expect(stats["blobs"] as? Int == 2)
        #expect(stats["rawBytes"] as? Int == 1_989_249)
        #expect((stats["storedBytes"] as? Int ?? 0) < 1_989_249)

        let verify = try await reader.run(["cache", "verify", "--json"])
        #expect(verify.status == 0)
        #expect(try object(verify.stdout)["problems"] as? [Any] != nil)
        #expect(try object(verify.stdout)["blobsChecked"] as? Int == 2)

        // An orphan blob (written by a fetch whose catalog commit never happened) goes; named ones stay.
        let orphan = store + "/objects/00/" + String(repeating: "0", count: 62)
        try FileManager.default.createDirectory(atPath: store + "/objects/00", withIntermediateDirectories: true)
        try Data([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]).write(to: URL(fileURLWithPath: orphan))
        let gc = try object(try await reader.run(["cache", "gc", "--json"]).stdout)
        #expect(gc["blobsRemoved"] as? Int == 1)
        #expect(gc["blobsKept"] as? Int == 2)
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect(try await reader.run(["list", "--limit", "1"]).status == 0)
    }
}
