import Foundation
import ReaderBuiltins
import ReaderCatalog
import ReaderPluginAPI
import ReaderSupport
import ReaderTestHarness
import ReaderTestSupport
import Synchronization
import Testing

@testable import ReaderKit
@testable import ReaderStore

/// A fetch of many documents finishes their commits a batch at a time (``CommitBatches``),
/// and a job gives its place to the next request while its batch waits; yet a document it
/// says it fetched is stored then — in the index, named by the catalog, its blobs whole — as
/// when each commit finished itself. 48 real RFCs of the sample, from a `file://` mirror.
@Suite struct CommitBatchesTests {
    /// The first 48 sample RFCs, each under its own number, in a mirror of their own.
    func mirror() throws -> (folder: String, numbers: [String]) {
        let folder = try temporaryFolder("batch-mirror")
        let sample = Corpus.url("rfc-sample/rfc").path
        let files = try FileManager.default.contentsOfDirectory(atPath: sample).filter { $0.hasSuffix(".txt.gz") }.sorted()
        var numbers: [String] = []
        for file in files.prefix(48) {
            let number = String(file.dropFirst(3).dropLast(7))
            let bytes = try Inflate.bytes(Array(try Data(contentsOf: URL(fileURLWithPath: "\(sample)/\(file)"))), gzip: true)
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/rfc\(number).txt"))
            numbers.append(number)
        }
        return (folder, numbers)
    }

    @Test func everyDocumentSaidFetchedIsInTheCatalogWithItsBlobsWhenSaid() async throws {
        let (folder, numbers) = try mirror()
        let reader = Reader(
            configuration: Configuration(
                storeRoot: try temporaryFolder("batch-store"), settings: Settings(["READER_RFC_EDITOR_URL": "file://" + folder]),
                jobs: 4),
            modules: builtinModules)
        let requests = try numbers.flatMap { try reader.fetchRequests(["rfc", $0]) }
        let operation = reader.fetch(requests)
        var said: [String] = []
        for await event in operation.events {
            switch event {
            case .finished(let key, let result):
                #expect(result.status == .fetched, "\(key)")
                // At the moment the event is read, from the store as another command sees it.
                let entry = try #require(try reader.store.entry(key), "\(key) said fetched, not in the catalog")
                #expect(reader.store.blobs.isIntact(entry.raw) && reader.store.blobs.isIntact(entry.document), "\(key)")
                // And in the full-text index, which its batch wrote before the catalog.
                let index = try #require(try reader.store.fullText.open())
                #expect(try index.holds(key, blob: entry.document.hex), "\(key) said fetched, not in the index")
                said.append(key)
            case .failed(let key, let error):
                Issue.record("\(key): \(error)")
            case .queued, .inProgress, .waiting, .cancelled:
                continue
            }
        }
        #expect(Set(said) == Set(numbers.map { "rfc/" + $0 }))
        _ = await operation.results()
        // Nothing staged is left behind: every temporary file was named.
        let strays = try FileManager.default.subpathsOfDirectory(atPath: reader.store.root + "/objects").filter {
            ($0 as NSString).lastPathComponent.hasPrefix(".tmp-")
        }
        #expect(strays.isEmpty)
    }

    /// While a batch cannot be written (its catalog write waits: another process holds the
    /// catalog's lock, as a slow disk would hold its flush), the commits handed over behind it
    /// are bounded: a batch being written and those waiting, ``CommitBatches/pendingAtMost`` at
    /// most, and the other jobs waiting for room with their places still theirs. Then every one
    /// is stored.
    @Test func whileABatchCannotBeWrittenAtMostABatchOfCommitsWaitsBehindIt() async throws {
        let (folder, numbers) = try mirror()
        let store = Store(root: try temporaryFolder("batch-bound"))
        // Two copies of each text (a line added), each staged as a fetch stages it.
        var commits: [PendingCommit] = []
        var keys: [String] = []
        for copy in 1...2 {
            for number in numbers {
                let key = "rfc/\(number)-\(copy)"
                keys.append(key)
                let raw = try store.incoming()
                let text = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/rfc\(number).txt"))
                try raw.write(Array(text) + Array("copy \(copy)\n".utf8))
                let document = Document(source: "rfc", key: key, title: "RFC \(number)", blocks: [.text("copy \(copy) of RFC \(number)")])
                commits.append(
                    try store.stage(key: key, raw: raw, document: document) { rawID, documentID in
                        CatalogEntry(
                            requestType: "rfc", url: nil, raw: rawID, document: documentID, mediaType: "text/plain", charset: nil,
                            fetchedAt: "2026-11-28T00:00:00Z", etag: nil, lastModified: nil, module: "test", moduleVersion: "1",
                            size: raw.count, title: "RFC \(number)")
                    })
            }
        }
        let total = commits.count
        let largest = CommitBatches.largest
        let pending = CommitBatches.pendingAtMost
        #expect(total > pending)
        var catalogLock: FileLock? = try FileLock(path: store.root + "/lock", mode: .exclusive)
        let batches = CommitBatches(store: store)
        let placesGivenUp = PlacesGivenUp()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for commit in commits {
                group.addTask { try await batches.finish(commit) { placesGivenUp.count.withLock { $0 += 1 } } }
            }
            // Until every commit is somewhere: in the batch being written, waiting, or its job
            // waiting for room.
            var counts = batches.counts
            while counts.writing + counts.waiting + counts.waitingForRoom < total {
                try await Task.sleep(for: .milliseconds(5))
                counts = batches.counts
            }
            #expect(counts.writing <= largest)
            #expect(counts.writing + counts.waiting <= pending)
            #expect(counts.waitingForRoom >= total - pending)
            #expect(placesGivenUp.count.withLock { $0 } == counts.writing + counts.waiting)
            catalogLock = nil
            batches.hurry()
            try await group.waitForAll()
        }
        batches.close()
        #expect(catalogLock == nil)
        #expect(placesGivenUp.count.withLock { $0 } == total)
        for key in keys {
            let entry = try #require(try store.entry(key), "\(key)")
            #expect(store.blobs.isIntact(entry.raw) && store.blobs.isIntact(entry.document))
        }
    }
}

/// How many jobs gave up their places among `--jobs` (``CommitBatches/finish(_:handedOver:)``).
private final class PlacesGivenUp: Sendable {
    let count = Mutex(0)
}
