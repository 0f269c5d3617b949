import Foundation
import ReaderTestHarness
import Testing

/// A hostile co-user of a shared or world-writable store plants symbolic links where the store
/// keeps its files and folders, pointing at the owner's files outside it. Whatever the owner
/// then runs (fetch, open, verify, gc), nothing outside the store is written, emptied, read
/// into the store or deleted, and the link is reported as damage (exit 6).
@Suite struct LinkTests {
    /// Where the link is planted, relative to the store.
    enum Place: String, CaseIterable, Sendable {
        case journal = "catalog.journal"
        case catalog = "catalog.json"
        case previousCatalog = "catalog.prev.json"
        case lock = "lock"
        case writersLock = "writers.lock"
        case objects = "objects"
        case blobFolder = "objects/<first blob folder>"
        case blob = "objects/<first blob>"
        case entryTable = "entries/<first table>"
        case viewFolder = "views/<first document>"
        case fullTextFolder = "fulltext"
        case fullTextIndex = "fulltext/index.db"
        case fullTextLog = "fulltext/index.db-wal"
    }

    /// A folder outside the store with an owner's file in it (the target of file links), and a
    /// folder of files named like blobs and temporary files (the target of folder links).
    struct Outside {
        let folder: String
        let precious: String
        let fakeBlobs: String

        init() throws {
            folder = try temporaryFolder("outside")
            precious = folder + "/bashrc"
            fakeBlobs = folder + "/fake-objects"
            try Data("export PATH=$HOME/bin:$PATH\n".utf8).write(to: URL(fileURLWithPath: precious))
            try FileManager.default.createDirectory(atPath: fakeBlobs, withIntermediateDirectories: true)
            for name in [String(repeating: "a", count: 62), ".tmp-1-old"] {
                try Data("not a blob, the owner's file\n".utf8).write(to: URL(fileURLWithPath: fakeBlobs + "/" + name))
            }
        }

        /// Every file outside, with its bytes and modification time.
        func snapshot() throws -> [String: String] {
            var result: [String: String] = [:]
            for path in [precious] + (try FileManager.default.contentsOfDirectory(atPath: fakeBlobs)).map({ fakeBlobs + "/" + $0 }) {
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                result[path] = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) + " @\(modified)"
            }
            return result
        }
    }

    @Test(arguments: Place.allCases)
    func aPlantedLinkIsNeverFollowed(_ place: Place) async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let outside = try Outside()
        let reader = try sources.reader(store: store)
        // A kept view, so that `views/` has a folder to replace.
        #expect(try await reader.run(["open", "1", "--offline"]).status == 0)
        let linkPath = try Self.plant(place, in: store, outside: outside)
        let before = try outside.snapshot()

        var runs: [String: ReaderBinary.Run] = [:]
        for words in [
            ["fetch", "rfc", "100-104"], ["open", "1", "--offline"], ["open", "rfc-index", "--offline"], ["find", "internet"],
            ["cache", "reindex"], ["cache", "verify"], ["cache", "gc"],
        ] {
            runs[words.joined(separator: " ")] = try await reader.run(words)
        }
        // Nothing outside changed, whatever each command answered.
        #expect(try outside.snapshot() == before, "\(runs)")
        #expect(FileManager.default.fileExists(atPath: outside.fakeBlobs + "/.tmp-1-old"))
        // No run crashed; each ended with a code of the contract.
        for (words, run) in runs { #expect([0, 1, 3, 6].contains(run.status), "\(words): \(run)") }
        // A link still there is reported by verify, which exits 6 naming it.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: linkPath)) != nil {
            let verify = try await reader.run(["cache", "verify"])
            #expect(verify.status == 6, "\(verify)")
            #expect(verify.stdout.contains("link") || verify.stderr.contains("link"), "\(verify)")
            // Once the link is removed, a fetch repairs what it hid.
            try FileManager.default.removeItem(atPath: linkPath)
        }
        let repair = try await reader.run(["fetch", "rfc", "1"])
        #expect(repair.status == 0, "\(repair)")
        #expect(try outside.snapshot() == before)
    }

    @Test func aLinkedJournalStopsAFetchWithExit6AndTheFileOutsideKeepsItsBytes() async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let outside = try Outside()
        _ = try Self.plant(.journal, in: store, outside: outside)
        let fetch = try await sources.reader(store: store).run(["fetch", "rfc", "100-110"])
        #expect(fetch.status == 6, "\(fetch)")
        #expect(fetch.stderr.contains("catalog.journal"), "\(fetch)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside.precious)).count > 0)
    }

    /// Plants the link for `place`; returns its path.
    static func plant(_ place: Place, in store: String, outside: Outside) throws -> String {
        let manager = FileManager.default
        func first(_ folder: String) throws -> String {
            let names = try manager.contentsOfDirectory(atPath: store + "/" + folder).filter { !$0.hasPrefix(".") }.sorted()
            guard let name = names.first else { throw HarnessError("nothing in \(folder) to replace") }
            return store + "/" + folder + "/" + name
        }
        let path: String
        let target: String
        switch place {
        case .blobFolder:
            path = try first("objects")
            target = outside.fakeBlobs
        case .viewFolder:
            path = try first("views")
            target = outside.fakeBlobs
        case .fullTextFolder, .objects:
            path = store + "/" + place.rawValue
            target = outside.fakeBlobs
        case .blob:
            path = try first(try first("objects").dropFirst(store.count + 1).description)
            target = outside.precious
        case .entryTable:
            path = try first("entries")
            target = outside.precious
        default:
            path = store + "/" + place.rawValue
            target = outside.precious
        }
        if manager.fileExists(atPath: path) { try manager.removeItem(atPath: path) }
        try manager.createSymbolicLink(atPath: path, withDestinationPath: target)
        return path
    }
}
