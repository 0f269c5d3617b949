import ArgumentParser
import ReaderKit

struct Cache: AsyncParsableCommand {
    // Every command names itself: deriving a name from the type costs a start-up scan of
    // the runtime's protocol conformances.
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "Look after the store.",
        subcommands: [List.self, Remove.self, Stats.self, Verify.self, GC.self, Recover.self, Reindex.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls", abstract: "Every stored document: key, source, title, when it was fetched, and its size on disk.")
        @OptionGroup var global: StoreOptions
        @Option(name: .long, help: "Only documents of this source (\(HelpExamples.sources), …).") var source: String?
        @Option(name: .long, help: "Only the first N documents of the listing.") var limit: Int?
        @Flag(name: .long, help: "Print a JSON array.") var json = false
        @OptionGroup var marks: AnnotationFilterOptions

        func validate() throws {
            if let limit { _ = try OutsideNumber.check(limit, "--limit", in: 0...1_000_000_000) }
        }

        func run() async throws {
            let reader = global.makeReader()
            // The head of the listing without reading the rest; with marks to filter by, every
            // document's marks are read anyway.
            let listed =
                if let limit, marks.filter.isEmpty {
                    try reader.listStored(source: source, limit: limit)
                } else {
                    Array(try reader.listStored(source: source, filter: marks.filter).prefix(limit ?? .max))
                }
            if json { return Terminal.printRaw(try JSONRenderer.line(listed)) }
            guard !listed.isEmpty else {
                // `--limit 0` asked for nothing: that is not "the store is empty".
                if limit == 0 { return }
                if !marks.filter.isEmpty { try EntryOutput.nothing("no stored document is \(Self.describe(marks.filter))") }
                try EntryOutput.nothing(source.map { "no document of '\($0)' is stored" } ?? "the store is empty")
            }
            let width = Terminal.width
            let lines = listed.map { item in
                // The key (what `cache rm` takes) and its facts whole, however long a URL is;
                // the title in the room left, and left out when there is hardly any.
                let marks = (item.starred == true ? " \u{2605}" : "") + (item.tags ?? []).map { " #" + $0 }.joined()
                let head =
                    "\(CatalogKey.printable(item.key))  \(item.source)  \(item.fetchedAt.prefix(10))  \(ByteCount.format(item.storedBytes))\(marks)"
                guard let title = item.title, !title.isEmpty else { return head }
                let room = width - head.count - 2
                if title.count <= room { return head + "  " + title }
                return room >= 8 ? head + "  " + title.prefix(room - 1) + "…" : head
            }
            LongOutput.print(lines.joined(separator: "\n"))
        }

        /// `tagged 'x', unread and starred`: what a filter asked for, for "nothing matched".
        static func describe(_ filter: AnnotationFilter) -> String {
            let parts = [filter.tag.map { "tagged '\($0)'" }, filter.unread ? "unread" : nil, filter.starred ? "starred" : nil]
            return parts.compactMap { $0 }.joined(separator: " and ")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Forget documents by key ('reader cache ls' lists them); their blobs go at the next 'reader cache gc'.")
        @OptionGroup var global: StoreOptions
        @Argument(help: "Catalog keys: \(HelpExamples.key), \(HelpExamples.listingType), a URL, tweets/search:QUERY.") var keys: [String]

        func run() async throws {
            let keys = keys.map { Request.isURL($0) ? Request.urlKey($0) : $0 }
            try global.makeReader().remove(keys: keys)
            Terminal.print("removed \(keys.count) \(keys.count == 1 ? "entry" : "entries"); 'reader cache gc' frees their blobs")
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "What is stored, and how much room it takes.")
        @OptionGroup var global: StoreOptions
        @Flag(name: .long, help: "Print JSON.") var json = false

        func run() async throws {
            let reader = global.makeReader()
            let stats = try reader.stats()
            if json { return Terminal.printRaw(try JSONRenderer.line(stats)) }
            let types = stats.byRequestType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            Terminal.print(
                """
                store: \(reader.storeRoot)
                entries: \(stats.entries)\(types.isEmpty ? "" : " (\(types))")
                blobs: \(stats.blobs), \(ByteCount.format(stats.storedBytes)) on disk for \(ByteCount.format(stats.rawBytes)) fetched
                """)
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify", abstract: "Read back every blob and check every catalog entry; exit 6 when anything is damaged.",
            discussion: """
                With --remote [s3://BUCKET/PREFIX] ($READER_REMOTE when no URL is given), the remote is checked \
                instead: every catalog segment, and every blob its entries name, fetched and hashed.
                """)
        @OptionGroup var global: StoreOptions
        @Flag(name: .long, help: "Print JSON.") var json = false

        func run() async throws {
            let verification: Store.Verification
            if global.remote != nil {
                guard
                    let remote = try GlobalOptions.makeRemote(
                        global.remote, timeout: global.timeout, cacert: global.cacert, verbose: global.verbose)
                else {
                    throw ReaderError.usage("no remote: give --remote s3://BUCKET/PREFIX or set READER_REMOTE")
                }
                let reader = global.makeReader()
                let checked: Result<Store.Verification, any Error>
                do {
                    checked = .success(try await reader.verify(remote, jobs: global.jobs))
                } catch {
                    checked = .failure(error)
                }
                await remote.shutdown()
                verification = try checked.get()
            } else {
                verification = global.makeReader().verify()
            }
            if json {
                Terminal.printRaw(try JSONRenderer.line(verification))
            } else {
                for problem in verification.problems { Terminal.print("damaged: \(problem)") }
                Terminal.print(
                    "\(verification.blobsChecked) blobs and \(verification.entriesChecked) entries checked: "
                        + (verification.ok
                            ? "all good" : verification.problems.count == 1 ? "1 problem" : "\(verification.problems.count) problems"))
            }
            if let first = verification.problems.first {
                let more = verification.problems.count - 1
                throw ReaderError.damaged(
                    what: first.kind + " " + first.name,
                    reason: first.reason + (more > 0 ? " (and \(more) more \(more == 1 ? "problem" : "problems"))" : ""))
            }
        }
    }

    struct GC: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gc", abstract: "Remove blobs no catalog entry names, and files left by interrupted writes.",
            discussion: """
                With --remote [s3://BUCKET/PREFIX] ($READER_REMOTE when no URL is given), the remote is collected instead, \
                in two phases: a run removes what an earlier run marked at least READER_REMOTE_GC_GRACE seconds ago \
                (default 86400) and no entry names still, then marks what no entry names now. Pushes running meanwhile \
                lose nothing.
                """)
        @OptionGroup var global: StoreOptions
        @Flag(name: .long, help: "Print JSON.") var json = false
        @Flag(
            name: .long,
            help: "Then deflate again, densely, the blobs a fetch wrote fast (as git packs loose objects); safe to interrupt.")
        var repack = false
        @Option(
            name: .long,
            help: "First forget all but the N latest earlier versions of each document ('reader history' lists them); 0 keeps none.")
        var keepVersions: Int?

        func validate() throws {
            if let keepVersions, keepVersions < 0 {
                throw ValidationError("--keep-versions takes a count, 0 or more; \(keepVersions) is none")
            }
            if keepVersions != nil, global.remote != nil {
                throw ValidationError("--keep-versions forgets versions in this store; it does not apply to --remote")
            }
        }

        func run() async throws {
            if global.remote != nil { return try await RemoteGC.run(global: global, json: json) }
            let reader = global.makeReader()
            var result = try reader.collectGarbage(keepingVersions: keepVersions)
            if repack { result.repacked = try reader.repack() }
            if json { return Terminal.printRaw(try JSONRenderer.line(result)) }
            var line =
                "removed \(result.blobsRemoved) blobs (\(ByteCount.format(result.bytesFreed))) and "
                + "\(result.temporaryFilesRemoved) temporary files; \(result.blobsKept) blobs kept"
            if keepVersions != nil { line += "; forgot \(result.versionsForgotten) earlier versions" }
            if let repacked = result.repacked {
                line +=
                    "; repacked \(repacked.blobsRepacked) blobs: \(ByteCount.format(repacked.bytesBefore)) → "
                    + ByteCount.format(repacked.bytesAfter)
            }
            Terminal.print(line)
        }
    }

    struct Reindex: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reindex", abstract: "Build the full-text index of 'reader find' anew from the stored documents.")
        @OptionGroup var global: StoreOptions

        func run() async throws {
            let count = try global.makeReader().reindex()
            Terminal.print("indexed \(count) \(count == 1 ? "document" : "documents") for 'reader find'")
        }
    }

    struct Recover: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recover",
            abstract: "List the blobs no catalog entry names, and what each is; after a catalog lost entries, how to get them back.")
        @OptionGroup var global: StoreOptions
        @Flag(name: .long, help: "Print JSON.") var json = false
        @Flag(
            name: .customLong("accept-loss"),
            help: "Give up the entries a rebuilt catalog lost: 'reader cache gc' may then remove their blobs.")
        var acceptLoss = false

        func run() async throws {
            let reader = global.makeReader()
            let lost = acceptLoss ? try reader.acceptCatalogLoss() : nil
            let recovery = try reader.recovery()
            if json { return Terminal.printRaw(try JSONRenderer.line(recovery)) }
            var lines: [String] = []
            if let partial = recovery.partial { lines.append("the catalog may lack entries: \(partial)") }
            let bytes = recovery.unnamed.reduce(0) { $0 + $1.storedBytes }
            let count = recovery.unnamed.count
            lines.append(
                "\(count) \(count == 1 ? "blob" : "blobs") no entry names (\(ByteCount.format(bytes)) on disk)\(count > 0 ? ":" : "")")
            for blob in recovery.unnamed { lines.append("  " + Self.describe(blob)) }
            if let lost {
                lines.append("gave up what the catalog lost (\(lost)): 'reader cache gc' removes these blobs")
            } else if recovery.partial != nil && count > 0 {
                lines.append(
                    "fetch back what you need (the same bytes get the same blob names, so they are named again); "
                        + "then 'reader cache recover --accept-loss' lets 'reader cache gc' remove the rest")
            } else if recovery.partial != nil {
                lines.append("every blob is named again: the catalog is whole, and 'reader cache gc' removes catalog.partial")
            } else if count > 0 {
                lines.append("the catalog is whole: 'reader cache gc' removes these blobs")
            }
            Terminal.print(lines.joined(separator: "\n"))
        }

        static func describe(_ blob: Store.UnnamedBlob) -> String {
            let size = "blob \(blob.blob.prefix(12))… (\(ByteCount.format(blob.storedBytes)))"
            guard let key = blob.key else { return size }
            var text = "document \(key)"
            if let title = blob.title, !title.isEmpty { text += " \"\(title)\"" }
            if let url = blob.url, url != key { text += " from \(url)" }
            text += ", \(size)"
            if let command = blob.fetchCommand { text += ": \(command)" }
            return text
        }
    }
}
