import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import HTML

/// Input meant to hurt: it must give an error or an empty document, quickly, never a crash.
@Suite struct HostileInputTests {
    let module = HTMLModule()

    func parse(_ bytes: [UInt8]) throws -> Document {
        try module.parse(ParseInput(bytes: bytes, requestType: "html", key: "hostile"))
    }

    @Test func emptyInputIsAnError() {
        #expect(throws: ParseError(module: "html", reason: "the page is empty (0 bytes)")) { try parse([]) }
    }

    @Test func emptyBodyGivesNoBlocks() throws {
        let document = try parse(Array("<html><head><title>Nothing</title></head><body></body></html>".utf8))
        #expect(document.title == "Nothing")
        #expect(document.blocks.isEmpty)
        #expect(document.extra["byline"] == .null)
    }

    @Test func pageOfOnlyScriptsGivesNoBlocks() throws {
        let page =
            "<!doctype html><html><body><script>var secret = 'do not show';</script>"
            + "<style>body { color: red }</style><noscript>Enable JS</noscript></body></html>"
        let document = try parse(Array(page.utf8))
        #expect(document.blocks.isEmpty)
        #expect(!document.plainText.contains("secret"))
    }

    /// 50 MB of `<div>` nesting: libxml2 stops at its depth limit (256), and nothing in the
    /// extractor recurses, so this ends (no stack overflow) with an empty body. The time limit
    /// only catches a hang; how fast HTML is read is `reader-bench`'s to say.
    @Test(.timeLimit(.minutes(2))) func fiftyMegabytesOfNestedDivs() throws {
        var bytes = Array("<html><body>".utf8)
        let open = Array("<div>".utf8)
        bytes.reserveCapacity(50_000_000 + 64)
        while bytes.count < 50_000_000 { bytes.append(contentsOf: open) }
        let document = try parse(bytes)
        #expect(document.blocks.isEmpty)
    }

    @Test func deepNestingWithTextKeepsTheTextAboveTheLimit() throws {
        let page =
            "<html><body><p>" + String(repeating: "<div>", count: 200) + "deep words here, "
            + String(repeating: "more text for the reader. ", count: 30) + String(repeating: "</div>", count: 200)
        let document = try parse(Array(page.utf8))
        #expect(document.plainText.hasPrefix("deep words here,"))
    }

    @Test func randomBinaryIsRejected() {
        var generator = SeededRandom(seed: 42)
        let bytes = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(throws: ParseError(module: "html", location: "byte 0", reason: "binary data, not an HTML page")) {
            try parse(bytes)
        }
    }

    /// Bytes that pass the binary check (few control bytes) but are still garbage.
    @Test func randomPrintableGarbageDoesNotCrash() throws {
        var generator = SeededRandom(seed: 7)
        let alphabet = Array("<>/=\"' abcdivp&#;!-\n\u{7F}".utf8) + [0xC3, 0xA9, 0xFF, 0x80]
        let bytes = (0..<200_000).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        let document = try parse(bytes)
        #expect(!document.plainText.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }

    /// Terminal escapes and other control characters never reach the text, even in `<pre>`
    /// (libxml2 drops the ones XML forbids; the rest become spaces).
    @Test func controlCharactersBecomeSpaces() throws {
        let page = "<html><body><p>Red \u{1B}[31malert\u{7}\u{85} here.</p><pre>code\u{1B}[2J\tline\r\nnext</pre></body></html>"
        let document = try parse(Array(page.utf8))
        #expect(document.blocks == [.text("Red [31malert here."), .preformatted("code[2J\tline\nnext", language: nil)])
    }

    @Test func nulBytesDoNotCutThePageShort() throws {
        var bytes = Array("<html><body><p>Before the zero byte.".utf8)
        bytes.append(0)
        bytes.append(contentsOf: Array(" After the zero byte.</p></body></html>".utf8))
        let document = try parse(bytes)
        #expect(document.plainText == "Before the zero byte. After the zero byte.")
    }
}

/// libxml2 is used without global state: parses on many threads at once agree with one alone.
@Suite struct ConcurrencyTests {
    @Test func parallelParsesGiveTheSameDocuments() async throws {
        let names = ["bbc-1", "wikipedia-3", "gmw", "lemonde-1"]
        var expected: [String: Document] = [:]
        for name in names { expected[name] = try ReadabilityPage.parse(name) }
        let results = try await withThrowingTaskGroup(of: (String, Document).self) { group in
            for round in 0..<16 {
                let name = names[round % names.count]
                group.addTask { (name, try ReadabilityPage.parse(name)) }
            }
            var all: [(String, Document)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        for (name, document) in results { #expect(document == expected[name], "\(name) differs") }
    }
}
