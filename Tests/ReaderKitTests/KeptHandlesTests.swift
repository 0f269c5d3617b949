import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderSupport
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderKit
@testable import ReaderStore

/// What a process keeps open between documents — the full-text index it writes to, the store's
/// root it walks from — is used only while the path still names it. Another process may make
/// the index anew, a person may move the store away or put a link in its place: the next
/// document then goes where the path leads now, never into the file or folder kept. Two
/// `Reader`s on one root are two processes here (each keeps its own). Real RFCs of the corpus.
@Suite struct KeptHandlesTests {
    func reader(_ root: String) -> Reader {
        Reader(
            configuration: Configuration(
                storeRoot: root, settings: Settings(["READER_RFC_EDITOR_URL": "file://" + Corpus.url("rfc").path]), jobs: 2),
            modules: builtinModules)
    }

    func fetch(_ reader: Reader, _ number: String) async throws -> Result<FetchResult, ReaderError>? {
        let operation = reader.fetch(try reader.fetchRequests(["rfc", number]))
        for await _ in operation.events {}
        return await operation.results()["rfc/\(number)"]
    }

    /// A writer that has stored two documents (the second batch keeps its connection for the
    /// next), then another process that removes the index and builds it again, complete, from
    /// the blobs; the writer, whose kept connection is to the file removed.
    func writerAfterTheIndexWasMadeAnew(_ root: String) async throws -> Reader {
        let writer = reader(root)
        for number in ["793", "1"] { _ = try #require(try await fetch(writer, number)).get() }
        let other = reader(root)
        try other.store.fullText.remove()
        #expect(try other.reindex() == 2)
        return writer
    }

    @Test func aDocumentStoredAfterAnotherProcessMadeTheIndexAnewIsFoundInTheNewOne() async throws {
        let root = try temporaryFolder("kept-index")
        let writer = try await writerAfterTheIndexWasMadeAnew(root)
        _ = try #require(try await fetch(writer, "3986")).get()
        // A third process finds it: it went into the index at the path, not the one removed.
        let hits = try reader(root).find(["uniform", "resource", "identifier"]).hits.map(\.key)
        #expect(hits.contains("rfc/3986"), "\(hits)")
        #expect(reader(root).verify().ok)
    }

    /// The connection kept to the file removed is closed when the next document finds another
    /// file at the path. SQLite's last connection to a file deletes its `-wal` and `-shm` by
    /// name — by then the new index's, holding what another process (`third`, whose connection
    /// stays open) stored and has not yet copied into the database — unless it sees that its
    /// file was moved, as it does: this holds without anything done about it here.
    @Test func closingTheConnectionToAnIndexMadeAnewLeavesTheNewOnesFilesAlone() async throws {
        let root = try temporaryFolder("kept-index-held")
        let writer = try await writerAfterTheIndexWasMadeAnew(root)
        let third = reader(root)
        _ = try #require(try await fetch(third, "3986")).get()
        #expect(FileManager.default.fileExists(atPath: third.store.fullText.path + "-wal"))
        // The writer's next document: its kept connection is to the file removed.
        _ = try #require(try await fetch(writer, "6093")).get()
        let hits = try reader(root).find(["uniform", "resource", "identifier"]).hits.map(\.key)
        #expect(hits.contains("rfc/3986"), "\(hits)")
        #expect(reader(root).verify().ok)
        withExtendedLifetime(third) {}
    }

    /// A writer that has stored RFC 793 (its walks start at the root it keeps open), and the
    /// folder its store was moved to.
    func writerOfAStoreMovedAway(_ root: String) async throws -> (writer: Reader, moved: String) {
        let writer = reader(root)
        _ = try #require(try await fetch(writer, "793")).get()
        try FileManager.default.moveItem(atPath: root, toPath: root + ".moved")
        return (writer, root + ".moved")
    }

    @Test func aStoreMovedAwayIsLeftAloneAndTheNextDocumentGoesWhereThePathLeads() async throws {
        let root = try temporaryFolder("kept-root")
        let (writer, moved) = try await writerOfAStoreMovedAway(root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        _ = try #require(try await fetch(writer, "1")).get()
        #expect(try reader(root).store.entry("rfc/1") != nil)
        #expect(try reader(moved).store.entry("rfc/1") == nil, "nothing written into the folder moved away")
        #expect(try reader(moved).store.entry("rfc/793") != nil)
    }

    @Test func aLinkPutWhereTheStoreWasIsNeverFollowed() async throws {
        let root = try temporaryFolder("kept-link")
        let (writer, moved) = try await writerOfAStoreMovedAway(root)
        try FileManager.default.createSymbolicLink(atPath: root, withDestinationPath: moved)
        let outcome = try await fetch(writer, "1")
        guard case .failure(let error)? = outcome else {
            Issue.record("a fetch through a link stored: \(String(describing: outcome))")
            return
        }
        #expect(error.exitCode == 6, "a link where the store was is damage: \(error)")
        #expect(try reader(moved).store.entry("rfc/1") == nil, "nothing written through the link")
    }
}
