import Foundation
import ReaderCatalog
import ReaderSupport

extension RemoteCatalog {
    /// Adds `entries` to the catalog: writes their segment, then names it in the root, safely
    /// beside `gc --remote` (ARCHITECTURE.md, "Collecting a remote's garbage"). `blobs` are the
    /// blobs the entries name, which the push found on the remote or sent; `checked` is the
    /// collection generation in which it saw them there (nil: none yet). Before the root names
    /// anything:
    ///
    /// - while a sweep that removes one of the objects it is about to name is under way, it
    ///   waits (`waiting` is told until when, by the server's clock);
    /// - when a sweep has begun since `checked`, it lists the remote again, and `restore` sends
    ///   the blobs that are gone (the segment it writes again itself);
    /// - when a mark lists one of them, the new root's mark lists it no more.
    ///
    /// Returns the number of entries written.
    @discardableResult
    func add(
        _ entries: [String: CatalogEntry], naming blobs: Set<BlobID>, checked: Int?,
        restore: @Sendable ([BlobID]) async throws -> Void, waiting: @Sendable (Int) -> Void
    ) async throws -> Int {
        guard !entries.isEmpty else { return 0 }
        let segment = try await writeSegment(entries)
        var checked = checked
        var refusals = 0
        while true {
            let snapshot = try await readRoot()
            var root = snapshot.root
            // Already there: an earlier try succeeded though its answer was lost.
            if root.segments.contains(segment) { return entries.count }
            root.segments.append(segment)
            var named = Set(blobs.map(Remote.blobName))
            named.insert(Self.segmentName(segment))
            if root.segments.count > Self.segmentLimit {
                // Every segment this root names, merged: what replaces them loses nothing of them.
                let merged = try await writeSegment(try await self.entries(of: root.segments))
                root.segments = [merged]
                named.insert(Self.segmentName(merged))
            }
            let state = root.collection
            if let sweep = state.sweep, sweep.isUnderWay(at: snapshot.serverTime),
                (try? await readList(sweep.objects)).map({ !named.isDisjoint(with: $0.keys) }) ?? true
            {
                waiting(sweep.until)
                try await Task.sleep(for: .seconds(1))
                continue
            }
            if state.generation != checked {
                // A sweep began since the objects were seen (or they were seen while one was under
                // way): those it removed are sent again before anything names them.
                let present = try await remote.listObjects(in: ["objects/", "catalog/segments/"])
                try await restore(blobs.filter { present[Remote.blobName($0)] == nil }.sorted())
                if present[Self.segmentName(segment)] == nil { _ = try await writeSegment(entries) }
                checked = state.generation
                continue
            }
            if let mark = state.mark {
                // A mark whose list is not one gc wrote is dropped: dropping a mark never
                // removes anything, and the push is not held up by someone else's bad list.
                do {
                    if let marked = try await readList(mark.objects), !named.isDisjoint(with: marked.keys) {
                        let rest = marked.filter { !named.contains($0.key) }
                        root.gc?.mark = rest.isEmpty ? nil : .init(objects: try await writeList(rest), markedAt: mark.markedAt)
                    }
                } catch ReaderError.damaged {
                    root.gc?.mark = nil
                }
            }
            if try await replaceRoot(root, readAs: snapshot) { return entries.count }
            refusals += 1
            guard refusals < Self.attempts else {
                throw ReaderError.network(
                    url: "s3://\(remote.url.bucket)/\(rootKey)",
                    reason: "the catalog's root changed under each of \(Self.attempts) attempts to replace it; run the push again")
            }
            // Another push replaced the root first: read it again, after a moment that grows
            // and varies, so that a crowd of pushers does not collide in step.
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...(20 + 10 * min(refusals, 30)))))
        }
    }
}
