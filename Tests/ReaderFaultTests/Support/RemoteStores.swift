import Foundation
import ReaderTestHarness

extension MotoServer {
    /// `reader` on `store` with this remote, the RFC Editor of `site`, and `extra`.
    func reader(_ store: String, site: LoopbackServer? = nil, _ extra: [String: String] = [:]) throws -> ReaderBinary {
        var environment = self.environment
        environment["READER_CACHE_DIR"] = store
        if let site { environment["READER_RFC_EDITOR_URL"] = site.baseURL }
        for (key, value) in extra { environment[key] = value }
        return try ReaderBinary(environment: environment)
    }

    /// Whether the remote holds object `name` (a key under the prefix).
    func holds(_ name: String) async throws -> Bool {
        let client = self.client()
        defer { Task { await client.shutdown() } }
        return try await client.head("shared/" + name) != nil
    }
}

/// Every blob file under `objects/` of `store`, by name.
func blobFiles(_ store: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let objects = store + "/objects"
    for folder in (try? FileManager.default.contentsOfDirectory(atPath: objects)) ?? [] where folder.count == 2 {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "\(objects)/\(folder)")) ?? [] where !name.hasPrefix(".") {
            files[folder + name] = FileManager.default.contents(atPath: "\(objects)/\(folder)/\(name)")
        }
    }
    return files
}

/// The keys `cache ls` lists.
func storedKeys(_ reader: ReaderBinary) async throws -> Set<String> {
    let listed = try await reader.measure(["cache", "ls", "--json"])
    let array = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []
    return Set(array.compactMap { $0["key"] as? String })
}
