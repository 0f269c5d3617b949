import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import HTML

/// The 12 Mozilla Readability pages: the words of the main text against Readability's own
/// output (F1 over bags of words, floors a bit below what the extractor reaches, so that a
/// regression fails).
@Suite struct ReadabilityCorpusTests {
    static let floors: [String: Double] = [
        "002": 0.995, "003-metadata-preferred": 0.995, "bbc-1": 0.98, "gmw": 0.99, "google-sre-book-1": 0.995,
        "keep-tabular-data": 0.995, "lemonde-1": 0.995, "medium-1": 0.99, "mercurial": 0.995, "mozilla-2": 0.995,
        "nytimes-1": 0.995, "wikipedia-3": 0.99,
    ]

    @Test(arguments: ReadabilityPage.names)
    func mainTextMatchesReadability(_ name: String) throws {
        let (_, overlap) = try ReadabilityPage.score(name)
        let floor = try #require(Self.floors[name])
        let missing = overlap.missing.sorted { $0.value > $1.value }.prefix(20).map { "\($0.key):\($0.value)" }
        let extra = overlap.extra.sorted { $0.value > $1.value }.prefix(20).map { "\($0.key):\($0.value)" }
        #expect(overlap.f1 >= floor, "\(name): \(overlap); missing \(missing); extra \(extra)")
    }

    @Test func meanF1() throws {
        var total = 0.0
        var lines: [String] = []
        for name in ReadabilityPage.names {
            let (_, overlap) = try ReadabilityPage.score(name)
            total += overlap.f1
            lines.append("\(name) \(overlap)")
        }
        let mean = total / Double(ReadabilityPage.names.count)
        print("Readability corpus: " + lines.joined(separator: "; "))
        print("Readability corpus mean F1: \(mean)")
        #expect(mean >= 0.99)
    }

    /// No line of any `<script>` or `<style>` of the page shows up in the text.
    @Test(arguments: ReadabilityPage.names)
    func noScriptOrStyleText(_ name: String) throws {
        let source = try Corpus.text("html/\(name)/source.html")
        let text = try ReadabilityPage.parse(name).plainText
        let snippets = ScriptSnippets.lines(in: source, minimumLength: 30)
        for snippet in snippets {
            #expect(!text.contains(snippet), "\(name): script text in output: \(snippet)")
        }
    }

    @Test(arguments: ReadabilityPage.names)
    func noControlCharacters(_ name: String) throws {
        let text = try ReadabilityPage.parse(name).plainText
        let bad = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }
        #expect(bad.isEmpty, "\(name): \(bad.map { $0.value })")
    }

    /// The bbc page has scripts enough for the test above to mean something. Titles, bylines,
    /// metadata and known passages of every page are the cases in `Plugins/HTML/Cases/`.
    @Test func scriptsAreThereToBeLeftOut() throws {
        #expect(ScriptSnippets.lines(in: try Corpus.text("html/bbc-1/source.html"), minimumLength: 30).count > 50)
    }
}

/// Lines of script and style elements, found in the raw source.
enum ScriptSnippets {
    static func lines(in source: String, minimumLength: Int) -> [String] {
        var result: [String] = []
        for tag in ["script", "style"] {
            var rest = Substring(source)
            while let open = rest.firstRange(of: "<\(tag)") {
                guard let contentStart = rest[open.upperBound...].firstIndex(of: ">") else { break }
                let body = rest[rest.index(after: contentStart)...]
                guard let close = body.firstRange(of: "</\(tag)") else { break }
                for line in body[..<close.lowerBound].split(whereSeparator: \.isNewline) {
                    let trimmed = String(line).trimmingSpaces
                    if trimmed.count >= minimumLength, !trimmed.contains("<"), !trimmed.contains("&") {
                        result.append(trimmed)
                    }
                }
                rest = body[close.upperBound...]
            }
        }
        return result
    }
}
