#if canImport(Glibc)
import Glibc
#endif
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import HTML

@Suite struct ExplorationTests {
    @Test func report() throws {
        guard getenv("HTML_REPORT") != nil else { return }
        var total = 0.0
        for name in ReadabilityPage.names {
            let (document, overlap) = try ReadabilityPage.score(name)
            total += overlap.f1
            let missing = overlap.missing.sorted { $0.value > $1.value }.prefix(25).map { "\($0.key):\($0.value)" }
            let extra = overlap.extra.sorted { $0.value > $1.value }.prefix(25).map { "\($0.key):\($0.value)" }
            print("== \(name) \(overlap) title=\(document.title) byline=\(document.metadata.byline ?? "nil")")
            print("   missing \(overlap.missing.values.reduce(0, +)): \(missing.joined(separator: " "))")
            print("   extra \(overlap.extra.values.reduce(0, +)): \(extra.joined(separator: " "))")
            if let dir = getenv("HTML_DUMP").map({ String(cString: $0) }) {
                write(document.plainText, to: "\(dir)/\(name).txt")
                write(try ReadabilityPage.expectedText(name), to: "\(dir)/\(name).expected.txt")
            }
        }
        print("MEAN F1 \(total / Double(ReadabilityPage.names.count))")
    }
}

private func write(_ text: String, to path: String) {
    guard let file = fopen(path, "w") else { return }
    _ = text.withCString { fputs($0, file) }
    fclose(file)
}
