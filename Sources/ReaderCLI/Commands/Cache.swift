import ArgumentParser
import ReaderKit

struct Cache: AsyncParsableCommand {
    // Every command names itself: deriving a name from the type costs a start-up scan of
    // the runtime's protocol conformances.
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "Look after the store.", subcommands: [Stats.self, Verify.self, GC.self])

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "What is stored, and how much room it takes.")
        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Print JSON.") var json = false

        func run() async throws {
            let reader = global.makeReader()
            let stats = try reader.store.stats()
            if json { return Terminal.printRaw(try JSONRenderer.line(stats)) }
            let types = stats.byRequestType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            Terminal.print("""
                store: \(reader.store.root)
                entries: \(stats.entries)\(types.isEmpty ? "" : " (\(types))")
                blobs: \(stats.blobs), \(ByteCount.format(stats.storedBytes)) on disk for \(ByteCount.format(stats.rawBytes)) fetched
                """)
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify", abstract: "Read back every blob and check every catalog entry; exit 6 when anything is damaged.")
        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Print JSON.") var json = false

        func run() async throws {
            let verification = global.makeReader().store.verify()
            if json {
                Terminal.printRaw(try JSONRenderer.line(verification))
            } else {
                for problem in verification.problems { Terminal.print("damaged: \(problem)") }
                Terminal.print(
                    "\(verification.blobsChecked) blobs and \(verification.entriesChecked) entries checked: "
                        + (verification.ok ? "all good" : "\(verification.problems.count) problems"))
            }
            if !verification.ok {
                throw ReaderError.damaged(
                    what: verification.problems[0].kind + " " + verification.problems[0].name,
                    reason: verification.problems.count == 1 ? verification.problems[0].reason : "and \(verification.problems.count - 1) more problems")
            }
        }
    }

    struct GC: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gc", abstract: "Remove blobs no catalog entry names, and files left by interrupted writes.")
        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Print JSON.") var json = false

        func run() async throws {
            let result = try global.makeReader().store.collectGarbage()
            if json { return Terminal.printRaw(try JSONRenderer.line(result)) }
            Terminal.print(
                "removed \(result.blobsRemoved) blobs (\(ByteCount.format(result.bytesFreed))) and "
                    + "\(result.temporaryFilesRemoved) temporary files; \(result.blobsKept) blobs kept")
        }
    }
}
