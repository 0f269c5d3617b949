import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader find`, run in process, over a store filled as a user fills it: the six corpus RFCs
/// and the index, real pages and a tweet timeline, fetched from a real HTTP server on 127.0.0.1.
@Suite struct FindEndToEndTests {
    let store: String
    static let rfcs = ["1", "793", "2616", "3986", "8446", "9110"]
    static let pages = ["nytimes-1", "wikipedia-3", "mozilla-2", "google-sre-book-1"]

    init() throws {
        store = try temporaryFolder("e2e-find")
    }

    /// A reader over a store holding the corpus; the server is stopped: `find` is offline.
    func filledReader() async throws -> (ReaderBinary, baseURL: String) {
        var files = ["/rfc-index.txt": try Corpus.bytes("rfc/rfc-index.txt")]
        for number in Self.rfcs { files["/rfc/rfc\(number).txt"] = try Corpus.bytes("rfc/rfc\(number).txt") }
        for page in Self.pages { files["/pages/\(page).html"] = try Corpus.bytes("html/\(page)/source.html") }
        let tweets = try Corpus.bytes("twitter/v2_search_recent.json")
        let served = files
        let server = try await LoopbackServer { request in
            if request.uri.hasPrefix("/2/tweets/search/recent?") { return .ok(tweets, contentType: "application/json") }
            if request.uri.hasPrefix("/pages/"), let page = served[request.uri] {
                return .ok(page, contentType: "text/html; charset=utf-8")
            }
            return .serve(served, request: request)
        }
        let reader = try ReaderBinary(
            environment: [
                "READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL, "READER_X_API_URL": server.baseURL,
                "READER_X_BEARER_TOKEN": "AAAA-find-test-token",
            ], runner: .inProcess)
        for words in [["fetch", "rfc-index"], ["fetch", "rfc"] + Self.rfcs, ["fetch", "tweets", "search:labs"]]
            + Self.pages.map({ ["fetch", server.baseURL + "/pages/\($0).html"] })
        {
            // A generous timeout: the server answers in this process, which a loaded CI run
            // can keep from answering for the default 30 s.
            let run = try await reader.run(words + ["--timeout", "120"])
            #expect(run.status == 0, "\(words): \(run)")
        }
        await server.stop()
        return (reader, server.baseURL)
    }

    func hits(_ run: ReaderBinary.Run) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run)")
    }

    @Test func aPhraseFromRFC793Section32FindsThatSectionFirstWithTheCommandThatOpensIt() async throws {
        let (reader, _) = try await filledReader()
        let run = try await reader.run(["find", "\"requires the remembering of several variables\"", "--json"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let first = try #require(try hits(run).first)
        #expect(first["key"] as? String == "rfc/793")
        #expect(first["source"] as? String == "rfc")
        #expect(first["title"] as? String == "Transmission Control Protocol")
        let section = try #require(first["section"] as? [String: Any])
        #expect(section["number"] as? String == "3.2")
        #expect(section["title"] as? String == "Terminology")
        #expect(first["open"] as? String == "reader open 793 --section 3.2")
        #expect((first["score"] as? Double ?? 0) > 0)
        // The matches are the phrase's words, at their Unicode scalar offsets in the snippet.
        let snippet = Array(try #require(first["snippet"] as? String).unicodeScalars)
        let matches = try #require(first["matches"] as? [[Int]])
        let words = matches.map { String(String.UnicodeScalarView(snippet[$0[0]..<$0[1]])).lowercased() }
        #expect(words == ["requires", "the", "remembering", "of", "several", "variables"])

        // The command it gives opens that section.
        let open = try await reader.run(["open", "793", "--section", "3.2", "--offline"])
        #expect(open.stdout.contains("remembering of several variables"))

        // On a terminal-less stdout: the same hit as text, no styling.
        let text = try await reader.run(["find", "requires", "the", "remembering", "of", "several", "variables", "--limit", "1"])
        #expect(text.stdout.hasPrefix("rfc/793  Transmission Control Protocol  §3.2 Terminology\n"), "\(text)")
        #expect(text.stdout.contains("reader open 793 --section 3.2"))
        #expect(!text.stdout.contains("\u{1B}"))
    }

    @Test func aPhraseIsItsWordsInOrderNotItsWordsAnywhere() async throws {
        let (reader, _) = try await filledReader()
        // RFC 793 §3.2 has "the remembering of several variables": its words in another order
        // are not that phrase, though the index (which keeps no positions) has them there.
        let inOrder = try hits(try await reader.run(["find", "\"remembering of several\"", "--json"]))
        #expect(inOrder.first?["key"] as? String == "rfc/793", "\(inOrder)")
        let scrambled = try await reader.run(["find", "\"several of remembering\"", "--json"])
        #expect(scrambled.status == 1, "\(scrambled)")
        let words = try hits(try await reader.run(["find", "several", "of", "remembering", "--json"]))
        #expect(words.contains { $0["key"] as? String == "rfc/793" }, "\(words)")
        // A hyphenated word is a phrase too: leaving it out leaves out the passage that has it,
        // and keeps one with "remembering" alone (RFC 9110's).
        let left = try hits(try await reader.run(["find", "remembering", "-remembering-of-several", "--json"]))
        #expect(!left.contains { $0["key"] as? String == "rfc/793" }, "\(left)")
        #expect(left.contains { $0["key"] as? String == "rfc/9110" }, "\(left)")
    }

    @Test func aSectionTitledWithTheWordComesFirst() async throws {
        let (reader, _) = try await filledReader()
        // Four corpus RFCs say "terminology", in a section of that name and in others: the first
        // answer is a section named so.
        let found = try hits(try await reader.run(["find", "terminology", "--source", "rfc", "--json"]))
        let first = try #require(found.first?["section"] as? [String: Any], "\(found)")
        #expect((first["title"] as? String)?.lowercased().contains("terminology") == true, "\(found)")
    }

    @Test func aWordOnlyInOneTweetFindsThatTweetAndSourceNarrows() async throws {
        let (reader, _) = try await filledReader()
        let run = try await reader.run(["find", "ooo", "--json"])
        let found = try hits(run)
        #expect(found.count == 1, "\(run)")
        let hit = try #require(found.first)
        #expect(hit["source"] as? String == "tweets")
        #expect((hit["section"] as? [String: Any])?["number"] as? String == "1276035977375477760")
        // Named as a person names a tweet: who, when, its first words.
        let title = try #require((hit["section"] as? [String: Any])?["title"] as? String)
        #expect(title.hasPrefix("@happycamper, 20") && title.contains(": @snowman Ooo, thanks error message"), "\(title)")
        #expect(hit["open"] as? String == "reader open tweets/search:labs --section 1276035977375477760")
        #expect((hit["snippet"] as? String)?.contains("Ooo, thanks error message") == true)
        // The hit's command opens that tweet, not the whole timeline.
        let opened = try await reader.run(["open", "tweets/search:labs", "--section", "1276035977375477760", "--offline"])
        #expect(opened.status == 0 && opened.stdout.contains("Ooo, thanks error message"), "\(opened)")
        #expect(!opened.stdout.lowercased().contains("polling"), "one tweet, not the timeline: \(opened)")
        let text = try await reader.run(["find", "ooo"])
        #expect(text.stdout.hasPrefix("tweets/search:labs  "), "\(text)")
        #expect(text.stdout.split(separator: "\n").first?.contains("  @happycamper, 20") == true, "\(text)")
        #expect(!text.stdout.contains("§1276035977375477760"), "\(text)")

        let polling = try hits(try await reader.run(["find", "polling", "--source", "tweets", "--json"]))
        #expect(polling.map { ($0["section"] as? [String: Any])?["number"] as? String } == ["1275882613572583424"])
        let none = try await reader.run(["find", "ooo", "--source", "rfc"])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.hasPrefix("reader: "))
    }

    @Test func prefixesExclusionsAndTheObsoletingRFCFirst() async throws {
        let (reader, _) = try await filledReader()
        // RFC 9110 obsoletes RFC 2616: where both match, 9110 comes first.
        let both = try hits(try await reader.run(["find", "chunked", "transfer", "coding", "--source", "rfc", "--limit", "20", "--json"]))
        let keys = both.compactMap { $0["key"] as? String }
        let current = try #require(keys.firstIndex(of: "rfc/9110"), "\(keys)")
        let obsoleted = try #require(keys.firstIndex(of: "rfc/2616"), "\(keys)")
        #expect(current < obsoleted)

        let prefix = try hits(try await reader.run(["find", "retransmi*", "--source", "rfc", "--json"]))
        #expect(!prefix.isEmpty)
        let excluded = try hits(try await reader.run(["find", "retransmi*", "-tcp", "--source", "rfc", "--json"]))
        #expect(excluded.allSatisfy { ($0["snippet"] as? String)?.lowercased().contains("tcp") != true })
        #expect(prefix.count != excluded.count || prefix.map { $0["key"] as? String } != excluded.map { $0["key"] as? String })

        let onlyExcluded = try await reader.run(["find", "-tcp"])
        #expect(onlyExcluded.status == 64, "\(onlyExcluded)")
        // FTS5's own syntax in a word is a word: no error, no injection.
        let syntax = try await reader.run(["find", "NEAR(tcp", "OR", "title:x)", "--json"])
        #expect(syntax.status == 0 || syntax.status == 1, "\(syntax)")
    }

    @Test func forgottenDocumentsAreNotFoundAndTheIndexAgreesWithTheCatalog() async throws {
        let (reader, _) = try await filledReader()
        #expect(try await reader.run(["find", "remembering", "--source", "rfc"]).stdout.contains("rfc/793"))
        #expect(try await reader.run(["cache", "rm", "rfc/793"]).status == 0)
        let after = try await reader.run(["find", "remembering", "--source", "rfc"])
        #expect(!after.stdout.contains("rfc/793"), "\(after)")
        #expect(try await reader.run(["cache", "gc"]).status == 0)
        let verify = try await reader.run(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
        let reindex = try await reader.run(["cache", "reindex"])
        #expect(reindex.stdout == "indexed 11 documents for 'reader find'\n", "\(reindex)")
        #expect(try await reader.run(["find", "remembering", "--source", "rfc"]).stdout.contains("rfc/793") == false)
    }

    @Test func aLostOrDamagedIndexIsRebuiltWithOneLine() async throws {
        let (reader, _) = try await filledReader()
        let index = store + "/fulltext/index.db"
        for damage in ["garbage", "deleted"] {
            if damage == "deleted" {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index + suffix) }
            } else {
                for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index + suffix) }
                try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: index))
            }
            let run = try await reader.run(["find", "\"requires the remembering\"", "--json"])
            #expect(run.status == 0, "\(damage): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(damage): \(run.stderr)")
            #expect(run.stderr.contains("rebuilt it from 12 stored documents"), "\(damage): \(run.stderr)")
            #expect(try hits(run).first?["key"] as? String == "rfc/793")
            // Once rebuilt, nothing more is said.
            let again = try await reader.run(["find", "remembering", "--json"])
            #expect(again.stderr.isEmpty, "\(again.stderr)")
        }
        #expect(try await reader.run(["cache", "verify"]).status == 0)
    }

    @Test func aSnippetInAFigureIsAboutTwoLinesNotTheWholeFigure() async throws {
        // RFC 793's section 2.5 is mostly a figure of boxes ("|Telnet| | FTP | |Voice|"): few
        // words among many rules. Its snippet showed the whole figure (over 600 characters).
        let (reader, _) = try await filledReader()
        let found = try hits(try await reader.run(["find", "telnet", "voice", "--json"]))
        let figure = try #require(found.first { $0["open"] as? String == "reader open 793 --section 2.5" }, "\(found)")
        let snippet = try #require(figure["snippet"] as? String)
        #expect(snippet.contains("Telnet") && snippet.contains("Voice"), "\(snippet)")
        for hit in found {
            let text = try #require(hit["snippet"] as? String)
            // At most 240 bytes of text (`Snippet.span`) and an ellipsis at each end.
            #expect(text.unicodeScalars.count <= 242, "\(text)")
        }
    }

    @Test func snippetsCarryNoEscapeSequenceAndCutNoCharacter() async throws {
        // A page whose text is hostile and multilingual: escape sequences, a bidi override,
        // combining marks and emoji around the word searched for.
        let hostile =
            "Zebrafish \u{1B}]0;owned\u{07} \u{1B}[31mred\u{1B}[0m e\u{301}te\u{301} \u{202E}reversed\u{202C} 👩‍👩‍👧 naïve "
            + String(repeating: "café ünïcödé 😀 zebrafish ", count: 40)
        let html = "<html><head><title>Hostile</title></head><body><article><h1>Hostile</h1><p>\(hostile)</p></article></body></html>"
        let server = try await LoopbackServer { _ in .ok(Array(html.utf8), contentType: "text/html; charset=utf-8") }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store], runner: .inProcess)
        #expect(try await reader.run(["fetch", server.baseURL + "/hostile.html"]).status == 0)
        await server.stop()

        let text = try await reader.run(["find", "zebrafish"])
        #expect(text.status == 0, "\(text)")
        for forbidden in ["\u{1B}", "\u{07}", "\u{202E}", "\u{9B}"] { #expect(!text.stdout.contains(forbidden)) }
        let json = try hits(try await reader.run(["find", "zebrafish", "--json"]))
        let hit = try #require(json.first)
        let snippet = try #require(hit["snippet"] as? String)
        #expect(!snippet.contains("\u{1B}") && !snippet.contains("\u{202E}"))
        let scalars = Array(snippet.unicodeScalars)
        for range in try #require(hit["matches"] as? [[Int]]) {
            #expect(String(String.UnicodeScalarView(scalars[range[0]..<range[1]])).lowercased() == "zebrafish")
        }
        // Accents fold: `naive` finds `naïve`, `cafe` finds `café`; the text keeps them.
        let folded = try hits(try await reader.run(["find", "cafe", "unicode", "--json"]))
        #expect((folded.first?["snippet"] as? String)?.contains("café ünïcödé") == true)
    }
}
