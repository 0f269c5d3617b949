import Foundation
import ReaderTestHarness
import Testing

/// The ALICE idea: build by hand the states a crash can leave when the last renames of a
/// commit never reached the disk, and check each reads as "not stored" while everything
/// committed before stays. States are made from two real stores, before and after
/// `fetch rfc 793`, so the test holds whatever files the catalog is made of.
@Suite struct LastRenameTests {
    enum CrashState: String, CaseIterable, Sendable {
        /// Both blobs renamed into place; no catalog file changed.
        case catalogRenameLost
        /// The raw blob in place, the document blob still a temporary file; no catalog change.
        case documentBlobRenameLost
        /// Nothing renamed: both blobs and a half-written catalog only as temporary files.
        case everyRenameLost
    }

    @Test(arguments: CrashState.allCases)
    func aStoreWhoseLastRenameNeverHappenedReadsAsNotStored(state: CrashState) async throws {
        let sources = try await AllSources.shared()
        let before = try await sources.filledStore()
        let after = try await sources.filledStore()
        let fetch = try await sources.reader(store: after).measure(["fetch", "rfc", "793"])
        try #require(fetch.status == 0, "\(fetch)")
        let old = StoreSnapshot(before)
        let new = StoreSnapshot(after)
        let blobs = try #require(catalogBlobs(after, key: "rfc/793"))

        // The crash state: the old store plus what had reached the disk.
        let crashed = try temporaryFolder("crashed")
        try FileManager.default.removeItem(atPath: crashed)
        try FileManager.default.copyItem(atPath: before, toPath: crashed)
        func place(_ blob: String, asTemporary: Bool) throws {
            let relative = "objects/\(blob.prefix(2))/\(blob.dropFirst(2))"
            let bytes = try #require(new.files[relative])
            let folder = crashed + "/objects/\(blob.prefix(2))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let name = asTemporary ? "/.tmp-4242-crashed\(blob.prefix(6))" : "/\(blob.dropFirst(2))"
            try bytes.write(to: URL(fileURLWithPath: folder + name))
        }
        switch state {
        case .catalogRenameLost:
            try place(blobs.raw, asTemporary: false)
            try place(blobs.document, asTemporary: false)
        case .documentBlobRenameLost:
            try place(blobs.raw, asTemporary: false)
            try place(blobs.document, asTemporary: true)
        case .everyRenameLost:
            try place(blobs.raw, asTemporary: true)
            try place(blobs.document, asTemporary: true)
            let catalog = try #require(new.files["catalog.json"])
            try catalog.prefix(catalog.count / 2).write(to: URL(fileURLWithPath: crashed + "/.tmp-4242-catalog"))
        }
        #expect(StoreSnapshot(crashed) != old)

        let reader = try sources.reader(store: crashed)
        let verify = try await reader.measure(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
        #expect(StoreAudit(crashed).isClean)
        let absent = try await reader.measure(["open", "793", "--offline"])
        #expect(absent.status == 3, "\(absent)")
        #expect(absent.stderr.contains("reader fetch rfc 793"))
        for document in sources.documents {
            let open = try await reader.measure(["open", document.open, "--offline", "--format", "json"])
            #expect(open.status == 0 && jsonObject(open.stdout) != nil, "\(document.key): \(open)")
        }

        // gc removes what the crash left; the fetch, run again, completes.
        let gc = try await reader.measure(["cache", "gc", "--json"])
        #expect(gc.status == 0, "\(gc)")
        let placedBlobs = [CrashState.catalogRenameLost: 2, .documentBlobRenameLost: 1, .everyRenameLost: 0][state]
        #expect(jsonObject(gc.stdout)?["blobsRemoved"] as? Int == placedBlobs, "\(gc)")
        let rerun = try await reader.measure(["fetch", "rfc", "793"])
        #expect(rerun.status == 0, "\(rerun)")
        let open = try await reader.measure(["open", "793", "--offline", "--format", "json"])
        #expect(jsonObject(open.stdout)?["title"] as? String == "Transmission Control Protocol", "\(open)")
        #expect(try await reader.measure(["cache", "verify"]).status == 0)
    }
}
