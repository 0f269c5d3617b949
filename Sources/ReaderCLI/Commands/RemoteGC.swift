import ArgumentParser
import ReaderKit

/// `reader cache gc --remote [URL]`: one run of the remote's two-phase collection
/// (``Remote/collectGarbage(grace:jobs:)``), its grace period from `READER_REMOTE_GC_GRACE`.
enum RemoteGC {
    /// A day: longer than any push or pull is expected to take, as git's `gc.pruneExpire` is.
    static let defaultGrace = 86_400

    static func run(global: StoreOptions, json: Bool) async throws {
        var grace = defaultGrace
        if let text = Console.current.environment["READER_REMOTE_GC_GRACE"] {
            // Ten years at most: a grace period past that is a mistake, and must not overflow a date.
            do {
                grace = try OutsideNumber.whole(text, "READER_REMOTE_GC_GRACE", in: 0...315_360_000, unit: "seconds")
            } catch let error as ValidationError {
                throw ReaderError.usage(error.description)
            }
        }
        guard
            let remote = try GlobalOptions.makeRemote(
                global.remote, timeout: global.timeout, cacert: global.cacert, verbose: global.verbose)
        else {
            throw ReaderError.usage("no remote: give --remote s3://BUCKET/PREFIX or set READER_REMOTE")
        }
        let outcome: Result<CollectionResult, any Error>
        do {
            outcome = .success(try await remote.collectGarbage(grace: grace, jobs: global.jobs))
        } catch {
            outcome = .failure(error)
        }
        await remote.shutdown()
        let result = try outcome.get()
        if json { return Terminal.printRaw(try JSONRenderer.line(result)) }
        Terminal.print(summary(result))
    }

    /// `gc s3://team/reader: removed 12 objects (3.4 MB); 5 objects (1.2 MB) no entry names are marked: …`.
    static func summary(_ result: CollectionResult) -> String {
        if let until = result.sweepUnderWayUntil {
            return "gc \(result.remote): another 'reader cache gc --remote' is removing objects (until \(until)); nothing done"
        }
        var parts = ["removed \(objects(result.objectsRemoved)) (\(ByteCount.format(result.bytesFreed)))"]
        if result.objectsLeft > 0 { parts[0] += ", \(objects(result.objectsLeft)) left for the next run" }
        if let from = result.removableFrom {
            parts.append(
                "\(objects(result.objectsMarked)) (\(ByteCount.format(result.bytesMarked))) no entry names are marked: "
                    + "a 'reader cache gc --remote' from \(from) on removes those still unnamed")
        } else {
            parts.append("nothing else to mark")
        }
        return "gc \(result.remote): " + parts.joined(separator: "; ")
    }

    private static func objects(_ count: Int) -> String { count == 1 ? "1 object" : "\(count) objects" }
}
