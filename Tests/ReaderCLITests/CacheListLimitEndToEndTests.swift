import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader cache ls --limit N` through the command line: the whole listing's first N lines, in
/// its number order; `--limit 0` prints nothing and is no error.
@Suite struct CacheListLimitEndToEndTests {
    @Test func theHeadOfTheListingIsItsFirstLines() async throws {
        let store = try temporaryFolder("e2e-ls-limit")
        let mirror = try temporaryFolder("mirror")
        // Real RFCs under the numbers whose byte order is not their number order.
        let texts = try ["rfc1", "rfc793", "rfc3986"].map { try Corpus.bytes("rfc/\($0).txt") }
        let numbers = [9, 10, 99, 972, 9711]
        for (index, number) in numbers.enumerated() {
            let text = texts[index % texts.count] + Array("\n\(number)\n".utf8)
            try Data(text).write(to: URL(fileURLWithPath: "\(mirror)/rfc\(number).txt"))
        }
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": "file://" + mirror, "NO_COLOR": "1"],
            runner: .inProcess)
        #expect(try await reader.run(["fetch", "rfc"] + numbers.map(String.init)).status == 0)
        let whole = try await reader.run(["cache", "ls"])
        #expect(whole.status == 0, "\(whole)")
        let lines = whole.stdout.split(separator: "\n")
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == numbers.map { "rfc/\($0)" })
        for limit in [1, 3, 5, 9] {
            let head = try await reader.run(["cache", "ls", "--limit", String(limit)])
            #expect(head.status == 0, "\(head)")
            #expect(head.stdout.split(separator: "\n") == Array(lines.prefix(limit)), "--limit \(limit)")
        }
        let none = try await reader.run(["cache", "ls", "--limit", "0"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.isEmpty, "\(none)")
    }
}
