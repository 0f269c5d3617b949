import ArgumentParser
import Foundation
import ReaderKit
import Synchronization

struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download (or revalidate) and parse documents into the store.",
        discussion: HelpExamples.table([
            ("reader fetch \(HelpExamples.listingType)", "the \(HelpExamples.listingName)"),
            ("reader fetch \(HelpExamples.described) N [N|A-B ...]", "\(HelpExamples.nouns), ranges allowed; stored ones are skipped"),
            ("reader fetch \(HelpExamples.every)", "every one the \(HelpExamples.listingName) lists: a mirror"),
            ("", "(run it again to resume; what a file://"),
            ("", "mirror lacked is not asked again unless"),
            ("", "--retry-missing)"),
            (
                "reader fetch \(HelpExamples.listingType) \(HelpExamples.described) \(HelpExamples.number)",
                "several targets, each taken in order"
            ),
            ("reader fetch URL ...", "any http(s) URL, read by the module it fits"),
            ("reader fetch FEED-URL --follow", "a feed, then its entries' pages"),
            ("reader fetch feeds [--follow]", "every stored feed again, new entries said"),
            ("reader fetch tweets user:NAME", "X API v2 (needs READER_X_BEARER_TOKEN)"),
        ]))

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: """
            Targets, in order: sources and their arguments (\(HelpExamples.described) N…, \(HelpExamples.every)), \
            shorthands (\(HelpExamples.number)), tweets user:NAME, URLs.
            """)
    var words: [String]

    @Flag(name: .long, help: "With '\(HelpExamples.every)': ask the mirror again for the documents it lacked at the last fetch.")
    var retryMissing = false

    @Flag(
        name: .long,
        help: "Also fetch the pages a fetched document points to (a feed's entries); on a refresh, only the new ones.")
    var follow = false

    /// The exit code of a bulk fetch with failures: a store that cannot be written (73) or is
    /// damaged (6) says more than any one request's failure and stops every request alike, so
    /// it wins; then one code shared by all the failures (every one unparsable, 5); else 4.
    static func exitCode(of failures: [ReaderError]) -> Int32 {
        let codes = Set(failures.map(\.exitCode))
        if codes.contains(73) { return 73 }
        if codes.contains(6) { return 6 }
        if codes.count == 1, let only = codes.first { return only }
        return 4
    }

    func run() async throws {
        let reader = global.makeReader()
        // Every target is read before anything is fetched: a word that fits nowhere refuses
        // the whole line, not the part after what was already fetched.
        let targets = try reader.fetchTargets(words)
        var requests: [Request] = []
        var skipped: [String] = []
        // The words of the first target that asks for every document of a listing (`rfc all`).
        var mirrored: String?
        // A refresh (`feeds`) says what is new in each document, not each document.
        var refreshing = false
        for target in targets {
            switch target {
            case .requests(let more): requests += more
            case .everyEntry(let listing):
                let every = try await reader.everyListedDocument(listing, retryingMissing: retryMissing)
                requests += every.requests
                skipped += every.lacking
                mirrored = mirrored ?? listing.describes + " " + (listing.everyWord ?? "")
            case .everyStored(let type, _):
                let stored = try reader.refreshRequests(ofType: type)
                if stored.isEmpty && targets.count == 1 {
                    Terminal.print("nothing to refresh: no \(type) is stored ('reader fetch URL' stores one)")
                    return
                }
                requests += stored
                refreshing = true
            }
        }
        // `rfc all` mirrors what the mirror holds: a file it lacks is counted, not a failure.
        let mirroring = mirrored != nil
        var summary = await Self.perform(reader, requests, verbose: global.verbose)
        summary.skipped = skipped
        summary.rerun = mirrored ?? summary.rerun
        rememberGaps(reader, summary)
        if refreshing {
            for result in summary.finished where result.entriesNew > 0 {
                Terminal.print("\(result.entriesNew) new in \(result.title.isEmpty ? result.key : result.title)")
            }
        }
        // What a page's pictures met: a line each, the page stored all the same.
        for result in summary.finished {
            for refusal in result.pictureRefusals { Terminal.error("\(result.key): \(refusal)") }
        }
        let summarized = requests.count > 1 || summary.ended > 0 || !skipped.isEmpty
        if summarized { Self.printLine(summary.line) }
        if follow && !Task.isCancelled { await Self.follow(reader, summary, verbose: global.verbose) }
        // Said at the fetch that rebuilt the catalog, and at every one after until it is whole.
        if let loss = reader.catalogLoss {
            Terminal.error("warning: the catalog may lack entries: \(loss); 'reader cache recover' lists what it no longer names")
        }
        if summary.cancelled > 0 || Task.isCancelled {
            // The summary said how many were cancelled and how to resume: a "reader: cancelled"
            // after it would say it twice. The exit code is still the contract's 130.
            if summarized { throw ExitCode(ReaderError.cancelled.exitCode) }
            throw ReaderError.cancelled
        }
        if let (_, error) = summary.failed.first {
            // One failure is the whole story; with several, the lines above named each.
            if requests.count == 1 { throw error }
            throw ExitCode(Self.exitCode(of: summary.failed.map(\.1)))
        }
        // RFCs a partial mirror lacks are not a failure of `rfc all` (exit 0, counted in the
        // summary); asked for by number, each is what the command was for: exit 4.
        if !summary.missing.isEmpty && !mirroring { throw ExitCode(ReaderError.network(url: "", reason: "").exitCode) }
    }

    /// Fetches `requests` with the progress bar, and gathers their outcomes from their events
    /// as they end: the operation keeps none (a mirror of 20,000 RFCs kept 8 MB of them).
    static func perform(_ reader: Reader, _ requests: [Request], verbose: Bool, quiet: Bool = false) async -> FetchSummary {
        let operation = reader.fetch(requests, keepingOutcomes: false)
        let count = requests.count
        // After Ctrl-C the bar stands still and no more lines are said, as the requests stop.
        let interrupted = Mutex(false)
        // The events are read to their end by a task of their own, which Ctrl-C does not stop:
        // every request ends with an event (cancelled, or finished first) before the stream
        // ends, so that the summary counts each, and nothing is left half-done.
        let reading = Task {
            let reporter = ProgressReporter(total: count, quiet: quiet || count == 1, verbose: verbose)
            var summary = FetchSummary(requests: count)
            for await event in operation.events {
                if !interrupted.withLock({ $0 }) { reporter.handle(event) }
                summary.record(event)
            }
            reporter.finish()
            summary.putInOrder()
            return summary
        }
        var summary = await withTaskCancellationHandler {
            await reading.value
        } onCancel: {
            interrupted.withLock { $0 = true }
            Task { await operation.cancel() }
        }
        // The operation's task ends just after its stream: waited for, so that the store it
        // holds (the index's connection, which empties the WAL as it closes) is let go before
        // the process exits, as when its outcomes were asked for.
        _ = await operation.results()
        if Task.isCancelled { summary.cancelled += max(0, count - summary.outcomes) }
        return summary
    }

    /// `--follow`: the pages the fetched documents point to and did not before, fetched at
    /// `--jobs` at once, their outcome in one line (a page that fails is counted, not fatal:
    /// the feed itself is stored).
    static func follow(_ reader: Reader, _ fetched: FetchSummary, verbose: Bool) async {
        let (requests, refused) = reader.followRequests(fetched.finished, alsoFetched: fetched.found)
        guard !requests.isEmpty || !refused.isEmpty else {
            printLine("followed: no new pages")
            return
        }
        let summary = requests.isEmpty ? nil : await perform(reader, requests, verbose: verbose, quiet: true)
        printLine(FollowLine(summary: summary, requests: requests.count, refused: refused).text)
    }

    static func printLine(_ line: String) {
        let width = Terminal.stdoutIsTerminal ? Terminal.width : nil
        Terminal.print(width.map { Wrap.lines(line, width: $0, rest: "  ").joined(separator: "\n") } ?? line)
    }

    /// What the mirror lacked, and what it held after all, kept for the next `rfc all`. A
    /// store that cannot take this small derived file loses only the shortcut: said, not fatal.
    private func rememberGaps(_ reader: Reader, _ summary: FetchSummary) {
        let found = summary.found
        guard !summary.missing.isEmpty || !found.isEmpty else { return }
        do {
            try reader.rememberMirrorGaps(lacking: summary.missing, found: found)
        } catch {
            Terminal.error("warning: cannot remember what the mirror lacks (the next '\(summary.rerun)' asks again): \(error)")
        }
    }

    /// `rfc/9` before `rfc/10`.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: .numeric) == .orderedAscending
    }
}

/// The one line `reader fetch` ends with, and what the steps after it read: gathered from
/// each request's event as it ends (``record(_:)``).
struct FetchSummary: Sendable {
    let requests: Int
    /// The results read whole after the fetch: every one of a fetch of one request, and of a
    /// fetch of more those with pages to follow, pictures not kept or entries new (a
    /// refresh). Of the others the counts below are kept, and their keys.
    var finished: [FetchResult] = []
    /// How many requests ended stored, how many of them were fetched (not stored already),
    /// and the bytes of all of them received and stored.
    var ended = 0
    var fetched = 0
    var bytesFetched = 0
    var bytesStored = 0
    /// The keys of the requests that ended stored.
    var found: [String] = []
    var failed: [(String, ReaderError)] = []
    var cancelled = 0
    /// Keys the `file://` mirror does not hold, found so at this fetch: counted, not listed.
    var missing: [String] = []
    /// Keys of `rfc all` not asked, the mirror having lacked them at an earlier fetch.
    var skipped: [String] = []
    /// The words that fetch every document of a listing, as given (`rfc all`), for the advice.
    var rerun = "reader fetch TYPE all"

    /// Counts the request `event` says ended (the others say nothing here).
    mutating func record(_ event: ProgressEvent) {
        switch event {
        case .finished(let key, let result):
            ended += 1
            if result.status == .fetched { fetched += 1 }
            bytesFetched += result.bytesFetched
            bytesStored += result.bytesStored
            found.append(key)
            if requests <= 1 || !result.followed.isEmpty || !result.pictureRefusals.isEmpty || result.entriesNew > 0 {
                finished.append(result)
            }
        case .failed(let key, let error) where error.isNotInMirror && requests > 1: missing.append(key)
        case .failed(let key, let error): failed.append((key, error))
        case .cancelled: cancelled += 1
        case .queued, .inProgress, .waiting: return
        }
    }

    /// How many requests ended, whichever way.
    var outcomes: Int { ended + failed.count + missing.count + cancelled }

    /// The lists in their keys' natural order (`rfc/9` before `rfc/10`), not the order the
    /// requests ended in.
    mutating func putInOrder() {
        finished.sort { Fetch.naturalOrder($0.key, $1.key) }
        failed.sort { Fetch.naturalOrder($0.0, $1.0) }
        missing.sort(by: Fetch.naturalOrder)
    }

    var line: String {
        if requests == 1, skipped.isEmpty, let result = finished.first {
            var text = "\(result.key): "
            if result.entries > 0 {
                text += "\(result.entries) entries (\(result.entriesNew) new, \(result.entriesUpdated) updated), "
            } else if !result.title.isEmpty {
                text += "\"\(result.title)\", "
            }
            switch result.status {
            case .fetched:
                text += "\(ByteCount.format(bytesFetched)) fetched, \(ByteCount.format(bytesStored)) stored"
                if result.pictures > 0 { text += ", \(result.pictures) picture\(result.pictures == 1 ? "" : "s") kept" }
            case .notModified: text += "not modified since last fetch"
            case .alreadyStored: text += result.note ?? "already stored"
            }
            return text
        }
        var text =
            "\(Self.count(ended)) of \(Self.count(requests)) done (\(Self.count(fetched)) fetched, "
            + "\(Self.count(ended - fetched)) already stored), \(ByteCount.format(bytesFetched)) fetched, \(ByteCount.format(bytesStored)) stored"
        if !missing.isEmpty {
            text += "; \(Self.count(missing.count)) not in the mirror: first \(Self.first(missing))"
            text += " (a rerun of '\(rerun)' skips them; --retry-missing asks again)"
        }
        if !skipped.isEmpty {
            text += "; \(Self.count(skipped.count)) not asked, the mirror lacking them last time: first \(Self.first(skipped))"
            text += " (--retry-missing asks again)"
        }
        if !failed.isEmpty {
            let names = failed.prefix(10).map(\.0).joined(separator: ", ")
            text += "; \(Self.count(failed.count)) failed: \(names)\(failed.count > 10 ? ", …" : "")"
        }
        if cancelled > 0 { text += "; \(Self.count(cancelled)) cancelled (run the same command again to resume)" }
        return text
    }

    /// The first few keys of a long list, then an ellipsis.
    static func first(_ keys: [String]) -> String {
        keys.prefix(3).joined(separator: ", ") + (keys.count > 3 ? " …" : "")
    }

    /// `8,555`: a count with its thousands grouped, as people read it.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}
