import Foundation
import ReaderTestHarness

/// `reader` itself, in process, over the same store: what the site's JSON must equal.
struct ReaderCommandLine {
    let binary: ReaderBinary

    init(store: String, environment: [String: String] = [:]) throws {
        binary = try ReaderBinary(environment: environment.merging(["READER_CACHE_DIR": store]) { a, _ in a }, runner: .inProcess)
    }

    /// The JSON a command prints.
    func json(_ words: [String]) async throws -> Any {
        let run = try await binary.run(words)
        guard run.status == 0 else { throw HarnessError("reader \(words.joined(separator: " ")): \(run)") }
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8), options: [.fragmentsAllowed])
    }
}
