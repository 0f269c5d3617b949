import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderSupport
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderKit

/// A fetch of many documents finishes their commits a batch at a time (``CommitBatches``),
/// and a job gives its place to the next request while its batch waits; yet a document it
/// says it fetched is stored then — named by the catalog, its blobs whole — as when each
/// commit finished itself. 48 real RFCs of the sample, from a `file://` mirror.
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
}
