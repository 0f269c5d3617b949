import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderSupport
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderKit

/// A fetch of many documents says each one's outcome in its events; the operation keeps them
/// all too unless it is made not to (`reader fetch` reads the events: a mirror of 20,000 RFCs
/// kept 8 MB of outcomes to its end). Either way every request ends with one event that says
/// how. Real RFCs of the corpus from a `file://` mirror, and one the mirror lacks.
@Suite struct FetchOutcomesTests {
    static let present = ["1", "793", "2616", "3986", "6093"]
    static let lacking = "4"

    func reader(_ root: String) -> Reader {
        Reader(
            configuration: Configuration(
                storeRoot: root, settings: Settings(["READER_RFC_EDITOR_URL": "file://" + Corpus.url("rfc").path]), jobs: 2),
            modules: builtinModules)
    }

    /// Each key's ending events, and what `results()` then gives.
    func fetch(keepingOutcomes: Bool) async throws -> (ends: [String: [ProgressEvent]], results: [String: Result<FetchResult, ReaderError>])
    {
        let reader = reader(try temporaryFolder("fetch-outcomes"))
        let requests = try (Self.present + [Self.lacking]).flatMap { try reader.fetchRequests(["rfc", $0]) }
        let operation = reader.fetch(requests, keepingOutcomes: keepingOutcomes)
        var ends: [String: [ProgressEvent]] = [:]
        for await event in operation.events {
            switch event {
            case .finished, .failed, .cancelled: ends[event.key, default: []].append(event)
            case .queued, .inProgress, .waiting: continue
            }
        }
        return (ends, await operation.results())
    }

    @Test(arguments: [true, false]) func everyRequestEndsWithOneEventThatSaysHow(keepingOutcomes: Bool) async throws {
        let (ends, results) = try await fetch(keepingOutcomes: keepingOutcomes)
        #expect(Set(ends.keys) == Set((Self.present + [Self.lacking]).map { "rfc/" + $0 }))
        for (key, events) in ends {
            try #require(events.count == 1, "\(key)")
            if key == "rfc/" + Self.lacking {
                guard case .failed(_, let error) = events[0] else { Issue.record("\(key): \(events[0])"); continue }
                #expect(error.isNotInMirror)
            } else {
                guard case .finished(_, let result) = events[0] else { Issue.record("\(key): \(events[0])"); continue }
                #expect(result.status == .fetched && !result.title.isEmpty)
            }
        }
        if keepingOutcomes {
            #expect(results.count == ends.count)
            #expect(try results["rfc/793"]?.get().status == .fetched)
        } else {
            #expect(results.isEmpty)
        }
    }
}
