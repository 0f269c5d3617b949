import ObjectStorage

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
    /// only damage does: a caller then assumes the worst of it).
    func readList(_ name: String) async throws -> [String: Int]? {
        let key = remote.url.key(Self.listName(name))
        let object = try await remote.request { () async throws(StorageFailure) in try await remote.bucket.get(key, limit: 1 << 30) }
        guard let object, SignatureV4.payloadHash(object.bytes) == name else { return nil }
        var objects: [String: Int] = [:]
        for line in object.bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"))
            guard fields.count == 2 else { return nil }
            objects[String(decoding: fields[0], as: UTF8.self)] = Int(String(decoding: fields[1], as: UTF8.self)) ?? 0
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
            for (key, size) in listed where key.hasPrefix(start) { found[String(key.dropFirst(start.count))] = size }
        }
        return found
    }
}
