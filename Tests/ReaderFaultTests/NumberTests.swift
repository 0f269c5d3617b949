import Foundation
import ReaderTestHarness
import Testing

/// Numbers from outside — environment variables and options — that once trapped (exit 132) or
/// wrapped: each is refused in one line naming it, exit 64, before any work.
@Suite struct NumberTests {
    struct Case: Sendable, CustomStringConvertible {
        var environment: [String: String] = [:]
        var arguments: [String]
        /// What the refusal names.
        var names: String
        var description: String { "\(environment) reader \(arguments.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(environment: ["READER_PARSE_TIMEOUT": "inf"], arguments: ["find", "host"], names: "READER_PARSE_TIMEOUT"),
        Case(environment: ["READER_PARSE_TIMEOUT": "1e18"], arguments: ["fetch", "rfc", "1"], names: "READER_PARSE_TIMEOUT"),
        Case(environment: ["READER_PARSE_TIMEOUT": "nan"], arguments: ["fetch", "rfc", "1"], names: "READER_PARSE_TIMEOUT"),
        Case(environment: ["READER_MEMORY_BUDGET": "8796093022208"], arguments: ["fetch", "rfc", "1"], names: "READER_MEMORY_BUDGET"),
        Case(environment: ["READER_MEMORY_BUDGET": "-1"], arguments: ["find", "host"], names: "READER_MEMORY_BUDGET"),
        Case(arguments: ["find", "host", "--limit", "3074457345618258602"], names: "--limit"),
        Case(arguments: ["find", "--limit", "9223372036854775807", "host"], names: "--limit"),
        Case(arguments: ["list", "--limit", "9223372036854775807"], names: "--limit"),
        Case(arguments: ["list", "--year", "99999999999"], names: "--year"),
        Case(arguments: ["fetch", "rfc", "1", "--timeout", "inf"], names: "--timeout"),
        Case(arguments: ["fetch", "rfc", "1", "--jobs", "100000"], names: "--jobs"),
        Case(arguments: ["serve", "--port", "65536"], names: "--port"),
        Case(
            environment: ["READER_REMOTE_GC_GRACE": "1e99"], arguments: ["cache", "gc", "--remote", "s3://b/p"],
            names: "READER_REMOTE_GC_GRACE"),
    ]

    @Test(arguments: cases)
    func aNumberOutOfRangeIsRefusedInWords(_ test: Case) async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let run = try await sources.reader(store: store, test.environment).run(test.arguments, timeout: 60)
        #expect(run.status == 64, "\(test): \(run)")
        #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains(test.names), "\(test): \(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(test): \(run)")
    }

    /// In range, the same settings work.
    @Test func numbersInRangeAreTaken() async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let reader = try sources.reader(store: store, ["READER_PARSE_TIMEOUT": "30", "READER_MEMORY_BUDGET": "256"])
        let find = try await reader.run(["find", "host", "--limit", "10000"], timeout: 60)
        #expect(find.status == 0, "\(find)")
    }
}
