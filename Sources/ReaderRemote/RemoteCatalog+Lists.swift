import ObjectStorage
import ReaderSupport

extension RemoteCatalog {
    /// A list's key, relative to the prefix.
    static func listName(_ name: String) -> String { "catalog/gc/\(name).txt" }

    /// Writes a list of objects (keys relative to the prefix, with their sizes), one
    /// `key<TAB>size` line each, sorted, named by its hash; returns the name.
    func writeList(_ objects: [String: Int]) async throws -> String {
        var text = ""
        for key in objects.keys.sorted() { text += "\(key)\t\(objects[key] ?? 0)\n" }
        return try await writeNamedByHash(Array(text.utf8)) { Self.listName($0) }
    }

    /// The list named `name`, or nil when it is missing or does not hash to its name (which
    /// only damage does: a caller then assumes the worst of it). A list that hashes to its name
    /// but names anything `gc --remote` may not remove (``CollectableName``: the root,
    /// `../victim/…`, an object outside the shapes reader writes) was written by someone else
    /// than a collection run, so it is refused whole (exit 6) rather than acted on.
    func readList(_ name: String) async throws -> [String: Int]? {
        let key = remote.url.key(Self.listName(name))
        let object = try await remote.request { () async throws(StorageFailure) in try await remote.bucket.get(key, limit: 1 << 30) }
        guard let object, SignatureV4.payloadHash(object.bytes) == name else { return nil }
        var objects: [String: Int] = [:]
        for (index, line) in object.bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            let object = fields.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
            guard fields.count == 2, let size = Int(String(decoding: fields[1], as: UTF8.self)), size >= 0,
                CollectableName.isCollectable(object)
            else {
                throw ReaderError.damaged(
                    what: "the remote catalog's list s3://\(remote.url.bucket)/\(key)",
                    reason: "line \(index + 1) names no object 'gc --remote' may remove; nothing was deleted")
            }
            objects[object] = size
        }
        return objects
    }
}

extension Remote {
    /// Blob `id`'s key relative to the prefix: `objects/ab/cdef…`, as the store names its file.
    static func blobName(_ id: BlobID) -> String {
        let hex = id.hex
        return "objects/\(hex.prefix(2))/\(hex.dropFirst(2))"
    }

    /// Every object under the prefix's `folders` (`objects/`, `catalog/segments/`, …), keys
    /// relative to the prefix, with their sizes.
    func listObjects(in folders: [String]) async throws -> [String: Int] {
        var found: [String: Int] = [:]
        let start = url.key("")
        for folder in folders {
            let listed = try await request { () async throws(StorageFailure) in try await bucket.list(prefix: url.key(folder)) }
            // Only what reader writes under the prefix: anything else listed is not ours.
            for (key, size) in listed where key.hasPrefix(start) {
                let name = String(key.dropFirst(start.count))
                if CollectableName.isCollectable(name) { found[name] = size }
            }
        }
        return found
    }
}
