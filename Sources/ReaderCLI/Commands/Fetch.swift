import ArgumentParser
import Foundation
import ReaderKit

struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download (or revalidate) and parse documents into the store.",
        discussion: """
            reader fetch rfc-index            the RFC index
            reader fetch rfc 793 2616 1-60    RFCs, ranges allowed; stored ones are skipped
            reader fetch rfc all              every issued RFC of the index: a mirror
                                              (run it again to resume)
            reader fetch URL ...              any http(s) URL, read by the module it fits
            reader fetch tweets user:NAME     X API v2 (needs READER_X_BEARER_TOKEN)
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A source and its arguments (rfc-index, rfc N…, rfc all, tweets user:NAME) or URLs.")
    var words: [String]

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
        let requests =
            words == [Reader.rfcRequestType, Reader.everyRFCWord]
            ? try await reader.everyIssuedRFC() : try reader.fetchRequests(words)
        let operation = reader.fetch(requests)
        let reporter = ProgressReporter(total: requests.count, quiet: requests.count == 1, verbose: global.verbose)
        await withTaskCancellationHandler {
            // The stream ends early when this task is cancelled (Ctrl-C); the results below
            // wait for every request to stop, so that nothing is left half-done.
            for await event in operation.events { reporter.handle(event) }
        } onCancel: {
            Task { await operation.cancel() }
        }
        let outcomes = await operation.results()
        reporter.finish()
        var finished: [FetchResult] = []
        var failed: [(String, ReaderError)] = []
        var cancelled = 0
        for key in outcomes.keys.sorted(by: Self.naturalOrder) {
            switch outcomes[key] {
            case .success(let result): finished.append(result)
            case .failure(.cancelled): cancelled += 1
            case .failure(let error): failed.append((key, error))
            case nil: break
            }
        }
        if Task.isCancelled { cancelled += max(0, requests.count - outcomes.count) }
        let summarized = requests.count > 1 || !finished.isEmpty
        if summarized {
            Terminal.print(FetchSummary(requests: requests.count, finished: finished, failed: failed, cancelled: cancelled).line)
        }
        // Said at the fetch that rebuilt the catalog, and at every one after until it is whole.
        if let loss = reader.store.catalogLoss {
            Terminal.error("warning: the catalog may lack entries: \(loss); 'reader cache recover' lists what it no longer names")
        }
        if cancelled > 0 || Task.isCancelled {
            // The summary said how many were cancelled and how to resume: a "reader: cancelled"
            // after it would say it twice. The exit code is still the contract's 130.
            if summarized { throw ExitCode(ReaderError.cancelled.exitCode) }
            throw ReaderError.cancelled
        }
        if let (_, error) = failed.first {
            // One failure is the whole story; with several, the lines above named each.
            if requests.count == 1 { throw error }
            throw ExitCode(Self.exitCode(of: failed.map(\.1)))
        }
    }

    /// `rfc/9` before `rfc/10`.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: .numeric) == .orderedAscending
    }
}

/// The one line `reader fetch` ends with.
struct FetchSummary {
    let requests: Int
    let finished: [FetchResult]
    let failed: [(String, ReaderError)]
    let cancelled: Int

    var line: String {
        let fetched = finished.reduce(0) { $0 + $1.bytesFetched }
        let stored = finished.reduce(0) { $0 + $1.bytesStored }
        if requests == 1, let result = finished.first {
            var text = "\(result.key): "
            if result.entries > 0 {
                text += "\(result.entries) entries (\(result.entriesNew) new, \(result.entriesUpdated) updated), "
            } else if !result.title.isEmpty {
                text += "\"\(result.title)\", "
            }
            switch result.status {
            case .fetched: text += "\(ByteCount.format(fetched)) fetched, \(ByteCount.format(stored)) stored"
            case .notModified: text += "not modified since last fetch"
            case .alreadyStored: text += "already stored"
            }
            return text
        }
        let new = finished.filter { $0.status == .fetched }.count
        let kept = finished.count - new
        var text =
            "\(finished.count) of \(requests) done (\(new) fetched, \(kept) already stored), "
            + "\(ByteCount.format(fetched)) fetched, \(ByteCount.format(stored)) stored"
        if !failed.isEmpty {
            let names = failed.prefix(10).map(\.0).joined(separator: ", ")
            text += "; \(failed.count) failed: \(names)\(failed.count > 10 ? ", …" : "")"
        }
        if cancelled > 0 { text += "; \(cancelled) cancelled (run the same command again to resume)" }
        return text
    }
}
