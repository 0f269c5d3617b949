import Foundation
import ReaderTestHarness
import Testing

/// A server whose listing never ends (`IsTruncated` on every page), which moto cannot be made
/// to do: ``S3StandIn``. `cache verify --remote` and `gc --remote` list the remote; followed
/// for ever, such a listing grew them without bound (595 MB in 60 s). Now each stops, in one
/// line, at a page it has seen or a key that goes back, or past `READER_REMOTE_MAX_KEYS` keys (set low here: the default, five million, is thousands of
/// pages of the stand-in).
@Suite struct RemoteListingTests {
    func reader(_ s3: S3StandIn) throws -> ReaderBinary {
        var environment = MotoServer.credentials
        environment["AWS_ENDPOINT_URL_S3"] = s3.endpoint
        environment["AWS_REGION"] = "us-east-1"
        environment["READER_REMOTE"] = "s3://\(s3.bucket)/shared"
        environment["READER_CACHE_DIR"] = try temporaryFolder("endless-listing")
        environment["READER_REMOTE_MAX_KEYS"] = "5000"
        return try ReaderBinary(environment: environment)
    }

    @Test(arguments: ["repeating", "new keys"]) func aListingThatNeverEndsIsRefusedInOneLine(kind: String) async throws {
        let s3 = try await S3StandIn(listing: kind == "repeating" ? .repeatingPage : .endlessNewKeys)
        defer { Task { await s3.stop() } }
        s3.put("shared/catalog/root.json", Array(#"{"version":1,"segments":[]}"#.utf8))
        let reader = try reader(s3)
        let commands = [["cache", "verify", "--remote"], ["cache", "gc", "--remote"]]
        for command in commands {
            let pagesBefore = s3.pagesListed
            let run = try await reader.measure(command, measureMemory: true, timeout: 60)
            #expect(run.status == 4, "\(command): \(run)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && run.stderr.hasPrefix("reader: ") && run.stderr.contains("reader stops there"), "\(command): \(run)")
            // A repeated page is seen on the second; new keys end at the bound's five pages.
            #expect(s3.pagesListed - pagesBefore <= (kind == "repeating" ? 2 : 6), "\(command): \(s3.pagesListed - pagesBefore) pages")
            #expect((run.peakMemory ?? 0) < 600 << 20, "\(command): \(run)")
        }
    }
}
