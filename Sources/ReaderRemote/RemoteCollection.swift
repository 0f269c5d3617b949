import Foundation
import ObjectStorage
import ReaderSupport
import Synchronization

/// What `reader cache gc --remote` did, for its summary line and `--json`.
public struct CollectionResult: Sendable, Codable, Equatable {
    public var remote: String
    /// Objects this run's sweep removed (blobs, segments, lists), and their bytes.
    public var objectsRemoved = 0
    public var bytesFreed = 0
    /// Objects of that sweep left when its time ran out: the next run marks them again.
    public var objectsLeft = 0
    /// Objects no entry names, marked and waiting out the grace period, and their bytes.
    public var objectsMarked = 0
    public var bytesMarked = 0
    /// From when (ISO 8601, the server's clock) a `gc --remote` removes those still unnamed.
    public var removableFrom: String?
    /// Another run's sweep is under way until then (ISO 8601): this run did nothing.
    public var sweepUnderWayUntil: String?

    init(remote: String) {
        self.remote = remote
    }
}

/// `reader cache gc --remote`, in two phases a grace period apart (ARCHITECTURE.md,
/// "Collecting a remote's garbage"). A run first sweeps the mark an earlier run made, if the
/// grace period has passed since by the server's clock: the marked objects no entry names now
/// are fixed as the sweep's list and the generation is bumped in one conditional replacement
/// of the root, then removed, then the sweep is cleared. Then it marks: every object no entry
/// names is listed, and the root records the list and the time.
struct RemoteCollection: Sendable {
    let remote: Remote
    /// Seconds an object must have stayed unnamed since its mark before a sweep removes it.
    let grace: Int
    let jobs: Int

    /// The server time a sweep's DELETEs end by, counted from just before the root read that
    /// begins it; pushes that need one of its objects wait at most this long after a `gc` was
    /// killed mid-sweep.
    static let sweepWindow = 3600
    /// What a sweep leaves of its window unused: a request may take the bucket's timeout, and
    /// the server's `Date` is cut to the second.
    static let sweepMargin = 5

    /// Where a collection looks for objects to remove, under the prefix; never the root.
    static let folders = ["objects/", "catalog/segments/", "catalog/gc/", "catalog/probes/"]

    private var catalog: RemoteCatalog { RemoteCatalog(remote: remote) }

    func run() async throws -> CollectionResult {
        var result = CollectionResult(remote: remote.url.description)
        if try await sweep(into: &result) { return result }
        try await mark(into: &result)
        return result
    }

    /// Sweeps the mark if its grace period is over. True when another run's sweep is under way.
    private func sweep(into result: inout CollectionResult) async throws -> Bool {
        while true {
            let started = ContinuousClock.now
            let snapshot = try await catalog.readRoot()
            let now = try serverTime(snapshot)
            let state = snapshot.root.collection
            if let sweep = state.sweep, sweep.isUnderWay(at: now) {
                result.sweepUnderWayUntil = Self.iso(sweep.until)
                return true
            }
            guard let mark = state.mark, now >= mark.markedAt + grace else { return false }
            var root = snapshot.root
            root.version = 2
            // A mark whose list cannot be read removes nothing: the next mark starts again.
            guard let marked = try await catalog.readList(mark.objects) else {
                root.gc = CollectionState(generation: state.generation)
                _ = try await catalog.replaceRoot(root, readAs: snapshot)
                continue
            }
            let named = try await catalog.named(by: snapshot.root)
            // Only what is still unnamed and listed under the prefix now, of a shape reader
            // writes (``CollectableName``): a sweep deletes nothing it has not seen itself.
            let present = try await remote.listObjects(in: Self.folders)
            var doomed: [String: Int] = [:]
            for key in marked.keys where !named.contains(key) {
                if let size = present[key] { doomed[key] = size }
            }
            let list = try await catalog.writeList(doomed)
            root.gc = CollectionState(
                generation: state.generation + 1, sweep: .init(objects: list, until: now + Self.sweepWindow))
            guard try await catalog.replaceRoot(root, readAs: snapshot) else { continue }
            let budget = Duration.seconds(Self.sweepWindow - remote.bucket.requestTimeout - Self.sweepMargin)
            let outcome = await remove(doomed, before: started + budget)
            try await clear(list)
            result.objectsRemoved = outcome.removed
            result.bytesFreed = outcome.bytes
            result.objectsLeft = doomed.count - outcome.removed
            if let error = outcome.error { throw error }
            return false
        }
    }

    /// Removes `doomed`, at most `jobs` at once, sending no DELETE after `deadline`; waits for
    /// every request it sent, so that none is under way once it returns.
    private func remove(
        _ doomed: [String: Int], before deadline: ContinuousClock.Instant
    ) async -> (
        removed: Int, bytes: Int, error: (any Error)?
    ) {
        let counts = Mutex((removed: 0, bytes: 0))
        do {
            try await concurrently(doomed.keys.sorted(), jobs: jobs) { key in
                guard ContinuousClock.now < deadline, CollectableName.isCollectable(key) else { return }
                try await remote.request { () async throws(StorageFailure) in try await remote.bucket.delete(remote.url.key(key)) }
                counts.withLock {
                    $0.removed += 1
                    $0.bytes += doomed[key] ?? 0
                }
            }
        } catch {
            return counts.withLock { ($0.removed, $0.bytes, error) }
        }
        return counts.withLock { ($0.removed, $0.bytes, nil) }
    }

    /// Ends the sweep of `list` in the root, if it is still the root's.
    private func clear(_ list: String) async throws {
        while true {
            let snapshot = try await catalog.readRoot()
            guard snapshot.root.gc?.sweep?.objects == list else { return }
            var root = snapshot.root
            root.gc?.sweep = nil
            if try await catalog.replaceRoot(root, readAs: snapshot) { return }
        }
    }

    /// Marks every object no entry names, unless a mark is already waiting (then says it).
    private func mark(into result: inout CollectionResult) async throws {
        var listed: [String: Int]?
        while true {
            let snapshot = try await catalog.readRoot()
            let now = try serverTime(snapshot)
            let state = snapshot.root.collection
            if let sweep = state.sweep, sweep.isUnderWay(at: now) {
                result.sweepUnderWayUntil = Self.iso(sweep.until)
                return
            }
            if let mark = state.mark {
                let marked = try await catalog.readList(mark.objects) ?? [:]
                result.objectsMarked = marked.count
                result.bytesMarked = marked.values.reduce(0, +)
                result.removableFrom = Self.iso(mark.markedAt + grace)
                return
            }
            // Listed once: what appears after the listing is not marked, whoever names it.
            if listed == nil {
                listed = try await remote.listObjects(in: Self.folders)
            }
            let objects = listed ?? [:]
            let named = try await catalog.named(by: snapshot.root)
            let unnamed = objects.filter { !named.contains($0.key) }
            guard !unnamed.isEmpty else { return }
            var root = snapshot.root
            root.version = 2
            root.gc = CollectionState(
                generation: state.generation, mark: .init(objects: try await catalog.writeList(unnamed), markedAt: now))
            guard try await catalog.replaceRoot(root, readAs: snapshot) else { continue }
            result.objectsMarked = unnamed.count
            result.bytesMarked = unnamed.values.reduce(0, +)
            result.removableFrom = Self.iso(now + grace)
            return
        }
    }

    /// The server's clock at `snapshot`, by which alone the grace period is timed.
    private func serverTime(_ snapshot: RemoteCatalog.Snapshot) throws -> Int {
        guard let time = snapshot.serverTime else {
            throw ReaderError.network(
                url: "s3://\(remote.url.bucket)/\(catalog.rootKey)",
                reason: "the server sent no Date with the catalog's root, which 'gc --remote' times its grace period by")
        }
        return time
    }

    static func iso(_ seconds: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
    }
}

extension Remote {
    /// `reader cache gc --remote`: sweeps what an earlier run marked at least `grace` seconds
    /// ago and no entry names now, then marks what no entry names (``RemoteCollection``).
    public func collectGarbage(grace: Int, jobs: Int) async throws -> CollectionResult {
        try await checkConditionalWrites()
        return try await RemoteCollection(remote: self, grace: grace, jobs: jobs).run()
    }
}
