import ArgumentParser
import ReaderKit

/// `reader push` and `reader pull`: the store shared through S3-compatible object storage.
enum Share {
    enum Direction {
        case push, pull
    }

    /// Runs a push or a pull with the bar on a terminal, then prints one summary line (or the
    /// result as JSON); the remote's HTTP client is shut down whatever happens.
    static func run(_ direction: Direction, global: GlobalOptions, json: Bool) async throws {
        if global.offline { throw ReaderError.usage("\(direction == .push ? "push" : "pull") needs the network; leave out --offline") }
        guard let remote = try global.makeRemote() else {
            throw ReaderError.usage("no remote: give --remote s3://BUCKET/PREFIX or set READER_REMOTE")
        }
        let reader = global.makeReader()
        let reporter = TransferReporter()
        let outcome: Result<TransferResult, any Error>
        do {
            switch direction {
            case .push: outcome = .success(try await reader.push(to: remote, jobs: global.jobs) { reporter.handle($0) })
            case .pull: outcome = .success(try await reader.pull(from: remote, jobs: global.jobs) { reporter.handle($0) })
            }
        } catch {
            outcome = .failure(error)
        }
        reporter.finish()
        await remote.shutdown()
        let result = try outcome.get()
        if let refusal = result.refusal {
            Terminal.error(
                "skipped \(result.entriesRefused) remote \(result.entriesRefused == 1 ? "entry" : "entries") whose key is not taken in (first: \(refusal))"
            )
        }
        if json { return Terminal.printRaw(try JSONRenderer.line(result)) }
        Terminal.print(summary(direction, result))
    }

    /// `pushed to s3://team/reader: 2134 blobs sent (12.3 MB), 0 already there; 1067 entries added, 0 already current`;
    /// when nothing moved, `s3://team/reader is up to date: nothing to push (2134 blobs, 1067 entries)`, as git says.
    static func summary(_ direction: Direction, _ result: TransferResult) -> String {
        let line = transferSummary(direction, result)
        guard result.annotations > 0 || result.annotationsRefused > 0 else { return line }
        let refused = result.annotationsRefused > 0 ? " (\(result.annotationsRefused) refused: not records)" : ""
        return line + "; \(result.annotations) notes, tags and marks \(direction == .push ? "sent" : "taken")\(refused)"
    }

    private static func transferSummary(_ direction: Direction, _ result: TransferResult) -> String {
        let (verb, moved, there) =
            direction == .push ? ("pushed to", "sent", "already there") : ("pulled from", "fetched", "already here")
        if result.blobsMoved == 0 && result.entries == 0 {
            let which = direction == .push ? "\(result.remote) is" : "the store is"
            return "\(which) up to date: nothing to \(direction == .push ? "push" : "pull") "
                + "(\(result.blobsPresent) blobs, \(result.entriesCurrent) entries already \(direction == .push ? "there" : "here"))"
        }
        return "\(verb) \(result.remote): \(result.blobsMoved) blobs \(moved) (\(ByteCount.format(result.bytes))), "
            + "\(result.blobsPresent) \(there); \(result.entries) entries added, \(result.entriesCurrent) already current"
    }
}

struct Push: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Send what the store has and the remote lacks to S3-compatible object storage (s3://BUCKET/PREFIX).",
        discussion: """
            reader push --remote s3://team-bucket/reader
            READER_REMOTE=s3://team-bucket/reader reader push

            The endpoint, region and credentials are the AWS tools' own: AWS_ENDPOINT_URL_S3 (MinIO, R2…), \
            AWS_REGION, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE with ~/.aws/credentials. \
            Interrupted, it resumes where it stopped when run again.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print the result as JSON.") var json = false

    func run() async throws {
        try await Share.run(.push, global: global, json: json)
    }
}

struct Pull: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Take what the remote has and the store lacks (or holds an older fetch of) from S3-compatible object storage.",
        discussion: """
            reader pull --remote s3://team-bucket/reader
            READER_REMOTE=s3://team-bucket/reader reader pull

            Every blob is checked against its name before it enters the store.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print the result as JSON.") var json = false

    func run() async throws {
        try await Share.run(.pull, global: global, json: json)
    }
}
