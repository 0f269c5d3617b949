import Foundation

/// `catalog.json` on disk. Readers take no lock: the file is only ever replaced by a rename,
/// so it is valid JSON at every instant. Writers take the `lock` file, read the latest
/// catalog, change it and replace it, so two processes never lose each other's entries.
/// The previous version is kept as `catalog.prev.json` to recover from outside damage.
public struct CatalogFile: Sendable {
    public let path: String
    let previousPath: String
    let lockPath: String

    public init(root: String) {
        path = root + "/catalog.json"
        previousPath = root + "/catalog.prev.json"
        lockPath = root + "/lock"
    }

    /// The current catalog; empty when there is none yet. Throws `ReaderError.damaged` when
    /// `catalog.json` is not a catalog.
    public func read() throws -> Catalog {
        try decode(at: path) ?? Catalog()
    }

    private func decode(at path: String) throws -> Catalog? {
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw ReaderError.damaged(what: "catalog.json", reason: "\(error)")
        }
        guard let bytes else { return nil }
        do {
            return try JSONDecoder().decode(Catalog.self, from: Data(bytes))
        } catch {
            throw ReaderError.damaged(what: path.hasSuffix("prev.json") ? "catalog.prev.json" : "catalog.json", reason: "not a valid catalog")
        }
    }

    /// Changes the catalog under the lock and writes it back durably.
    /// A damaged `catalog.json` is replaced by the last good version, so that a fetch repairs it.
    @discardableResult
    public func update<T>(_ change: (inout Catalog) throws -> T) throws -> T {
        do {
            return try FileLock.withLock(lockPath, .exclusive) {
                var catalog: Catalog
                var currentIsGood = true
                do {
                    catalog = try read()
                } catch ReaderError.damaged {
                    currentIsGood = false
                    catalog = (try? decode(at: previousPath)) ?? nil ?? Catalog()
                }
                let result = try change(&catalog)
                try write(catalog, keepingCurrent: currentIsGood)
                return result
            }
        } catch let failure as FileSystem.Failure {
            throw ReaderError.storage(failure.description)
        }
    }

    private func write(_ catalog: Catalog, keepingCurrent: Bool) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = [UInt8](try encoder.encode(catalog))
        try FileSystem.writeAtomically(bytes, to: path) { _ in
            // Keep the current good catalog as the fallback before it is replaced.
            if keepingCurrent {
                unlink(previousPath)
                link(path, previousPath)
            }
        }
    }
}
