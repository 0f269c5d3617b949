import Foundation

/// Checks a store folder against the contract's "never" list, independently of `reader`:
/// no zero-byte or partial blob under its final name, no blob whose content does not hash to
/// its name, `catalog.json` valid JSON, and no blob name in it that is not a good blob.
///
/// Design-agnostic: it reads only `objects/` and `catalog.json`; other files (a journal,
/// locks, temporary files of a killed writer) are allowed and left to `reader cache verify`.
struct StoreAudit: CustomStringConvertible {
    /// Blobs that read back and hash to their names.
    var goodBlobs: Set<String> = []
    /// Every problem found, one line each.
    var problems: [String] = []
    /// Files in `objects/` that are not blobs (what a killed writer leaves before its rename).
    var strays: [String] = []
    /// The request keys `catalog.json` holds, when it holds an `entries` object.
    var keys: Set<String> = []

    var isClean: Bool { problems.isEmpty }
    var description: String { problems.isEmpty ? "clean" : problems.joined(separator: "\n") }

    init(_ root: String) {
        let files = FileManager.default
        let objects = root + "/objects"
        for folder in (try? files.contentsOfDirectory(atPath: objects)) ?? [] {
            for file in (try? files.contentsOfDirectory(atPath: "\(objects)/\(folder)")) ?? [] {
                let name = folder + file
                let path = "\(objects)/\(folder)/\(file)"
                guard folder.utf8.count == 2, ContractBlobs.isName(name) else {
                    strays.append(path)
                    continue
                }
                check(blob: name, at: path)
            }
        }
        checkCatalog(root + "/catalog.json")
    }

    private mutating func check(blob name: String, at path: String) {
        guard let stored = FileManager.default.contents(atPath: path) else {
            problems.append("blob \(name): unreadable")
            return
        }
        guard !stored.isEmpty else {
            problems.append("blob \(name): zero bytes")
            return
        }
        do {
            let bytes = try ContractBlobs.inflate([UInt8](stored))
            guard ContractBlobs.name(of: bytes) == name else {
                problems.append("blob \(name): content hashes to \(ContractBlobs.name(of: bytes))")
                return
            }
            goodBlobs.insert(name)
        } catch {
            problems.append("blob \(name): \(error)")
        }
    }

    private mutating func checkCatalog(_ path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        guard let json = try? JSONSerialization.jsonObject(with: data) else {
            problems.append("catalog.json: not valid JSON (\(data.count) bytes)")
            return
        }
        if let entries = (json as? [String: Any])?["entries"] as? [String: Any] { keys = Set(entries.keys) }
        for name in Self.blobNames(in: json) where !goodBlobs.contains(name) {
            problems.append("catalog.json names blob \(name), which is not a good blob")
        }
    }

    /// Every string in a JSON value that has the form of a blob name.
    static func blobNames(in value: Any) -> Set<String> {
        switch value {
        case let text as String: return ContractBlobs.isName(text) ? [text] : []
        case let array as [Any]: return array.reduce(into: []) { $0.formUnion(blobNames(in: $1)) }
        case let object as [String: Any]: return object.values.reduce(into: []) { $0.formUnion(blobNames(in: $1)) }
        default: return []
        }
    }
}

/// Every file of a store folder with its bytes, lock files and SQLite's shared memory aside,
/// to prove that a failed command changed nothing.
struct StoreSnapshot: Equatable, CustomStringConvertible {
    let files: [String: Data]

    init(_ root: String) {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            let full = root + "/" + path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                !(path as NSString).lastPathComponent.hasSuffix("lock"),
                // SQLite's shared memory for the index's WAL, kept between processes: every reader
                // writes its read marks there. Not data, like the locks.
                !path.hasSuffix("-shm")
            else { continue }
            files[path] = FileManager.default.contents(atPath: full)
        }
        self.files = files
    }

    var description: String {
        files.keys.sorted().map { "\($0) (\(files[$0]?.count ?? 0) bytes)" }.joined(separator: ", ")
    }

    /// What differs from `other`, for a failure message.
    func difference(from other: StoreSnapshot) -> String {
        let keys = Set(files.keys).union(other.files.keys).sorted()
        return keys.filter { files[$0] != other.files[$0] }.map { key in
            switch (other.files[key], files[key]) {
            case (nil, _): "added \(key)"
            case (_, nil): "removed \(key)"
            default: "changed \(key)"
            }
        }.joined(separator: ", ")
    }
}
