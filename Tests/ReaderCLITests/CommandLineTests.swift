import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// The command line's habits: errors are one sanitized line starting `reader:`, common
/// options come before or after the command, a mistyped command gets a suggestion, and nothing
/// found is said and exits 1, as grep does. Run in process (`ReaderBinary.Runner`); the usage
/// errors both ways, since what reaches stderr of a real process is the point.
@Suite struct CommandLineTests {
    let store: String
    let reader: ReaderBinary

    init() throws {
        store = try temporaryFolder("cli")
        reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": Corpus.url("rfc").absoluteString],
            runner: .inProcess)
    }

    func stored() async throws {
        for words in [["fetch", "rfc-index"], ["fetch", "rfc", "793", "1"]] {
            let run = try await reader.run(words)
            try #require(run.status == 0, "\(run)")
        }
    }

    /// One line, starting `reader:`, with no control character, escape or bidi override.
    func isOneCleanLine(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 2, lines[1].isEmpty, lines[0].hasPrefix("reader: ") else { return false }
        return !lines[0].unicodeScalars.contains { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        }
    }

    @Test(
        arguments: [
            ["fetch", "--jobs", "0", "rfc", "1"], ["open", "793", "--format", "bogus"], ["list", "--bogus"], ["cache", "verify", "--nope"],
            ["search"], ["bogus\u{1B}]0;title\u{07}\u{08}\r\u{9B}31m\u{202E}evil"],
        ], ReaderBinary.Runner.allCases)
    func usageErrorsAreOneCleanLineAndExit64(_ words: [String], runner: ReaderBinary.Runner) async throws {
        var reader = reader
        reader.runner = runner
        let run = try await reader.run(words)
        #expect(run.status == 64, "\(run)")
        #expect(isOneCleanLine(run.stderr), "\(run)")
        #expect(!run.stderr.contains("reader: cannot parse: reader:"))
        #expect(run.stdout.isEmpty)
    }

    @Test func aMistypedCommandGetsASuggestion() async throws {
        let run = try await reader.run(["fecth", "rfc", "1"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("did you mean 'fetch'"), "\(run)")
        #expect(isOneCleanLine(run.stderr))
    }

    @Test func commonOptionsComeBeforeTheCommandToo() async throws {
        try await stored()
        let other = try ReaderBinary(environment: [:], runner: .inProcess)
        let before = try await other.run(["--cache-dir", store, "--offline", "open", "793", "--format", "json"])
        #expect(before.status == 0, "\(before)")
        #expect(before.stdout.contains("\"Transmission Control Protocol\""))
        let list = try await other.run(["--cache-dir=\(store)", "list", "--limit", "1"])
        #expect(list.status == 0 && list.stdout.contains("Host Software"), "\(list)")
    }

    @Test func helpForACommandShowsItsOwnOptions() async throws {
        let help = try await reader.run(["help", "list"])
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("--status"))
        #expect(!help.stdout.contains("--section"))
        // list never fetches: the network options are not in its help.
        #expect(!help.stdout.contains("--jobs") && !help.stdout.contains("--timeout"), "\(help)")
        let fetch = try await reader.run(["fetch", "--help"])
        #expect(fetch.stdout.contains("--jobs") && fetch.stdout.contains("--timeout"))
        #expect(try await reader.run(["--offline", "list", "--limit", "1"]).status != 64)
    }

    @Test func openTakesRFCBeforeNumbersAsFetchWritesIt() async throws {
        try await stored()
        // `rfc 793` is RFC 793, as in `fetch`; with the index before it, both, in order.
        let open = try await reader.run(["open", "rfc-index", "rfc", "793", "1", "--offline", "--format", "json"])
        #expect(open.status == 0, "\(open)")
        let keys = open.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["key"] as? String
        }
        #expect(keys == ["rfc-index", "rfc/793", "rfc/1"], "\(open)")
        // `rfc` naming no number is refused with one line, before anything is opened.
        let alone = try await reader.run(["open", "793", "rfc", "--offline"])
        #expect(alone.status == 64 && isOneCleanLine(alone.stderr) && alone.stdout.isEmpty, "\(alone)")
        #expect(alone.stderr.contains("'reader open 793'"), "\(alone)")
        let fetch = try await reader.run(["fetch", "rfc"])
        #expect(fetch.status == 64 && fetch.stderr.contains("no RFC number given"), "\(fetch)")
    }

    /// `fetch` with mixed targets takes each as written, in order; none is dropped.
    @Test func fetchTakesEveryTargetOfAMixedLineInOrder() async throws {
        let mixed = try await reader.run(["fetch", "rfc-index", "rfc", "793", "9110"])
        #expect(mixed.status == 0, "\(mixed)")
        #expect(mixed.stdout.contains("3 of 3 done (3 fetched, 0 already stored)"), "\(mixed)")
        let list = try await reader.run(["cache", "ls", "--json"])
        for key in ["\"rfc-index\"", "\"rfc/793\"", "\"rfc/9110\""] { #expect(list.stdout.contains(key), "\(list)") }
        // An argument the index cannot take is refused with one line saying how to write it.
        let wrong = try await reader.run(["fetch", "rfc-index", "1"])
        #expect(wrong.status == 64 && isOneCleanLine(wrong.stderr), "\(wrong)")
        #expect(wrong.stderr.contains("'reader fetch rfc-index rfc 1'"), "\(wrong)")
    }

    /// Keys in number order: `rfc/793` before `rfc/2616` (as text, `rfc/2616` came first).
    @Test func cacheLsListsKeysInNumberOrder() async throws {
        #expect(try await reader.run(["fetch", "rfc", "2616", "793", "1"]).status == 0)
        let list = try await reader.run(["cache", "ls", "--source", "rfc"])
        let keys = list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(keys == ["rfc/1", "rfc/793", "rfc/2616"], "\(list)")
    }

    @Test func aMistypedSubcommandGetsASuggestion() async throws {
        let run = try await reader.run(["cache", "lss"])
        #expect(run.status == 64 && isOneCleanLine(run.stderr), "\(run)")
        #expect(run.stderr.contains("'lss' is not a 'cache' command; did you mean 'ls'?"), "\(run)")
    }

    /// The USAGE line of `--help` is wrapped between options, never inside one.
    @Test func theUsageLineOfHelpWrapsAtOptionEnds() async throws {
        var narrow = reader
        narrow.environment["COLUMNS"] = "60"
        let help = try await narrow.run(["list", "--help"])
        #expect(help.status == 0, "\(help)")
        let usage = help.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") } ?? ""
        #expect(usage.split(separator: "\n").count > 1, "\(help)")
        for line in usage.split(separator: "\n") {
            #expect(line.count <= 60, "\(line)")
            #expect(line.filter { $0 == "[" }.count == line.filter { $0 == "]" }.count, "an option cut: \(line)")
        }
        #expect(usage.contains("[--limit <limit>]"), "\(usage)")
    }

    @Test func refsOfAnRFCNeverIssuedOrNotInTheIndexOffersNothingToFetch() async throws {
        try await stored()
        let never = try await reader.run(["refs", "14"])
        #expect(never.status == 0, "\(never)")
        #expect(never.stdout.hasPrefix("RFC 14 was never issued"), "\(never)")
        let beyond = try await reader.run(["refs", "99999"])
        #expect(beyond.stdout.hasPrefix("RFC 99999 is not in the stored RFC index"), "\(beyond)")
        for run in [never, beyond] {
            #expect(!run.stdout.contains("reader fetch rfc 14") && !run.stdout.contains("reader fetch rfc 99999"), "\(run)")
            #expect(!run.stdout.contains("RFC 14: \n"), "\(run)")
        }
    }

    @Test func aSectionNotFoundPointsAtTheTableOfContents() async throws {
        try await stored()
        let run = try await reader.run(["open", "793", "--section", "99", "--offline"])
        #expect(run.status == 64 && isOneCleanLine(run.stderr), "\(run)")
        #expect(run.stderr.contains("'reader open 793 --toc'"), "\(run)")
    }

    @Test func nothingFoundIsSaidAndExits1() async throws {
        try await stored()
        let search = try await reader.run(["search", "zzzqqqxx"])
        #expect(search.status == 1 && search.stdout.isEmpty && isOneCleanLine(search.stderr), "\(search)")
        let list = try await reader.run(["list", "--year", "1900", "--json"])
        #expect(list.status == 1 && list.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(list)")
        let status = try await reader.run(["list", "--status", "bogus"])
        #expect(status.status == 64, "\(status)")
        #expect(status.stderr.contains("'PROPOSED STANDARD'") && isOneCleanLine(status.stderr), "\(status)")
    }

    @Test func aDamagedCatalogFailsVerifyWith6AndSaysWhatRepairsIt() async throws {
        try await stored()
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: store + "/catalog.json"))
        let verify = try await reader.run(["cache", "verify"])
        #expect(verify.status == 6, "\(verify)")
        let open = try await reader.run(["open", "793", "--offline"])
        #expect(open.status == 6, "\(open)")
        #expect(open.stderr.contains("reader fetch"), "\(open)")
        // As the message says: a fetch rebuilds it.
        #expect(try await reader.run(["fetch", "rfc-index"]).status == 0)
        #expect(try await reader.run(["cache", "verify"]).status == 0)
        #expect(try await reader.run(["open", "793", "--offline"]).status == 0)
    }

    @Test func theStoreCanBeListedAndPruned() async throws {
        try await stored()
        let listed = try await reader.run(["cache", "ls", "--json"])
        #expect(listed.status == 0, "\(listed)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(items.compactMap { $0["key"] as? String } == ["rfc-index", "rfc/1", "rfc/793"])
        #expect(items.allSatisfy { ($0["storedBytes"] as? Int ?? 0) > 0 && $0["fetchedAt"] is String && $0["source"] is String })
        let rfcs = try await reader.run(["cache", "ls", "--source", "rfc"])
        #expect(rfcs.stdout.contains("Transmission Control Protocol") && !rfcs.stdout.contains("rfc-index  "), "\(rfcs)")

        let missing = try await reader.run(["cache", "rm", "rfc/1", "rfc/2"])
        #expect(missing.status == 3 && missing.stderr.contains("rfc/2"), "\(missing)")
        #expect(try await reader.run(["open", "1", "--offline"]).status == 0, "nothing is removed when a key is missing")
        let removed = try await reader.run(["cache", "rm", "rfc/1"])
        #expect(removed.status == 0, "\(removed)")
        #expect(try await reader.run(["open", "1", "--offline"]).status == 3)
        let gc = try await reader.run(["cache", "gc"])
        #expect(gc.stdout.contains("removed 2 blobs"), "\(gc)")
        #expect(try await reader.run(["cache", "verify"]).status == 0)
    }

    @Test func oneUrlIsOneEntryHoweverItIsWritten() async throws {
        let page = try Corpus.bytes("html/mozilla-2/source.html")
        let server = try await LoopbackServer { _ in .ok(page, contentType: "text/html; charset=utf-8") }
        defer { Task { await server.stop() } }
        let base = server.baseURL
        let upper = base.replacingOccurrences(of: "http://127.0.0.1", with: "HTTP://127.0.0.1")
        for url in ["\(base)/a.html", "\(base)/a.html#section-2", "\(upper)/a.html#top"] {
            #expect(try await reader.run(["fetch", url]).status == 0)
        }
        let listed = try await reader.run(["cache", "ls", "--source", "html", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(items.compactMap { $0["key"] as? String } == ["\(base)/a.html"], "\(listed)")
        #expect(try await reader.run(["open", "\(base)/a.html#anywhere", "--offline"]).status == 0)

        // A key longer than the line is listed whole, with its size: what `cache rm` takes.
        let long = "\(base)/" + String(repeating: "a-long-path/", count: 7) + "page.html"
        #expect(try await reader.run(["fetch", long]).status == 0)
        let lines = try await reader.run(["cache", "ls", "--source", "html"]).stdout.split(separator: "\n")
        let line = try #require(lines.first { $0.hasPrefix(long + "  html  ") }, "\(lines)")
        #expect(line.hasSuffix(" kB"), "\(line)")
        #expect(lines.contains { $0.hasPrefix("\(base)/a.html  html  ") && $0.hasSuffix("…") }, "a title is cut to the line: \(lines)")
    }

    @Test func anRFCsTitlePageFieldsComeFromTheIndexWhenTheTextLacksThem() async throws {
        try await stored()
        let open = try await reader.run(["open", "793", "--format", "json", "--offline"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(open.stdout.utf8)) as? [String: Any])
        #expect(object["authors"] as? [String] == ["J. Postel"], "\(open)")
        #expect(object["date"] as? String == "1981-09")
    }

    @Test func aTweetWithoutItsAuthorNamesTheTweetNotABareAt() async throws {
        let open = try await reader.run(["open", Corpus.url("twitter/v2_tweet_single.json").path])
        #expect(open.status == 0, "\(open)")
        #expect(open.stdout.contains("tweet 1067094924124872705"), "\(open)")
        #expect(!open.stdout.split(separator: "\n").contains("@"), "\(open)")
    }

    @Test func theTableOfContentsListsTheSectionsWithTheirCommands() async throws {
        try await stored()
        let toc = try await reader.run(["open", "793", "--toc", "--offline"])
        #expect(toc.status == 0, "\(toc)")
        // The commands in one column, however long each heading.
        let columns = Set(
            toc.stdout.split(separator: "\n").compactMap { line in
                line.range(of: "reader open 793 --section").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            })
        #expect(columns.count == 1, "\(toc)")
        #expect(toc.stdout.contains("3.2  Terminology "), "\(toc)")
        #expect(toc.stdout.split(separator: "\n").count > 25)
        #expect(!toc.stdout.contains("Computer communication systems are playing"))
    }

    @Test func theTextViewEndsWithTheCitedRFCsAndHowToOpenThem() async throws {
        try await stored()
        let open = try await reader.run(["open", "793", "--offline"])
        // Under the `cites` kind's words, from RFC 793's relations.
        let lines = open.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try #require(lines.lastIndex(of: "Cites"), "\(open.stdout.suffix(2000))")
        let tail = lines[heading...].joined(separator: "\n")
        #expect(tail.contains("RFC 791   reader open 791       Internet Protocol"), "\(tail)")
    }

    @Test func refsShowsBothDirectionsAndTheIndexGraph() async throws {
        try await stored()
        let refs = try await reader.run(["refs", "793", "--json"])
        #expect(refs.status == 0, "\(refs)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(refs.stdout.utf8)) as? [String: Any])
        #expect(object["key"] as? String == "rfc/793")
        let relations = try #require(object["relations"] as? [[String: Any]])
        func keys(_ type: String) -> [String] { relations.filter { $0["type"] as? String == type }.compactMap { $0["key"] as? String } }
        #expect(keys("obsoletedBy") == ["rfc/9293"])
        #expect(keys("obsoletes") == ["rfc/761"])
        #expect(Set(keys("updatedBy")) == ["rfc/1122", "rfc/3168", "rfc/6093", "rfc/6528"])
        #expect(keys("cites").contains("rfc/791"))
        let cited = try await reader.run(["refs", "791"])
        // Each document in columns with its title, as the text view's "Cites" lists them.
        #expect(
            cited.stdout.split(separator: "\n").contains { $0.hasPrefix("  ") && $0.hasSuffix("  Transmission Control Protocol") },
            "\(cited)")
        let cites = try await reader.run(["refs", "793"])
        #expect(cites.stdout.split(separator: "\n").contains { $0.hasPrefix("  ") && $0.hasSuffix("  Internet Protocol") }, "\(cites)")
        #expect(relations.contains { $0["key"] as? String == "rfc/791" && $0["title"] as? String == "Internet Protocol" }, "\(refs)")
        #expect(cited.stdout.contains("not known until it is stored"), "\(cited)")
    }

    @Test func severalDocumentsInOneOpenAreSeparatedByARule() async throws {
        try await stored()
        let open = try await reader.run(["open", "1", "793", "--offline"])
        #expect(open.status == 0, "\(open)")
        let rules = open.stdout.split(separator: "\n").filter { $0.hasPrefix("━━━━") }
        #expect(rules.count == 1, "\(open.stdout.prefix(300))")
    }

    @Test func openDashReadsStandardInput() async throws {
        let page = Corpus.url("html/mozilla-2/source.html").path
        let open = try await reader.run(["open", "-", "--format", "json"], input: page)
        #expect(open.status == 0, "\(open)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(open.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "html")
        #expect((object["text"] as? String)?.contains("Firefox") == true)
    }

    @Test func verboseTellsEachStepAsCurlWould() async throws {
        let run = try await reader.run(["fetch", "rfc", "793", "--verbose"])
        #expect(run.status == 0, "\(run)")
        for words in ["cache miss", "GET file://", "parsed by rfc", "stored "] {
            #expect(run.stderr.contains(words), "\(words): \(run)")
        }
        let again = try await reader.run(["fetch", "rfc", "793", "--verbose"])
        #expect(again.stderr.contains("rfc/793: cache hit"), "\(again)")
    }

    @Test func completionScriptsAndTheManualComeFromTheCommands() async throws {
        let bash = try await reader.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0 && bash.stdout.contains("refs") && bash.stdout.contains("cache"), "\(bash)")
        let zsh = try await reader.run(["--generate-completion-script", "zsh"])
        #expect(zsh.status == 0 && zsh.stdout.contains("#compdef reader"), "\(zsh)")
    }
}
