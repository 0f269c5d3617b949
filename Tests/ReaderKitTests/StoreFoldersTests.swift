import Foundation
import ReaderStore
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderSupport

/// Folders of the store are made from the deepest one there, walked to from the store's root
/// kept open (``FileSystem/makeMissingFolders(_:)``), and a temporary file is named in the
/// folder it was made in, kept open (``TemporaryFile``): neither goes through a link planted on
/// the way, and nothing is made beyond one. Synthetic folders: the edge is the layout.
@Suite struct StoreFoldersTests {
    @Test func missingFoldersAreMadeUnderAKeptRootAndALinkOnTheWayIsRefused() throws {
        let root = try temporaryFolder("store-folders")
        _ = Store(root: root)
        try FileSystem.makeFolders(root + "/objects/ab/cd")
        #expect(FileSystem.entryKind(root + "/objects/ab/cd") == .folder)
        // `outside` is reached only through the link `objects/ef`.
        let outside = try temporaryFolder("store-folders-outside")
        try FileManager.default.createSymbolicLink(atPath: root + "/objects/ef", withDestinationPath: outside)
        #expect(throws: FileSystem.Failure.self) { try FileSystem.makeFolders(root + "/objects/ef/gh") }
        #expect(throws: FileSystem.Failure.self) { try TemporaryFile(in: root + "/objects/ef/gh", making: true) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    /// A walk starts at the deepest store root a path is under, and only one it is under: a
    /// folder beside a store whose name starts with the store's (`store2` beside `store`) is
    /// walked to as any other, and a store inside another starts at its own root.
    @Test func aWalkStartsAtTheRootAPathIsUnderNotAtOneItsNameStartsWith() throws {
        let base = try temporaryFolder("store-beside")
        _ = Store(root: base + "/store")
        _ = Store(root: base + "/store/inner")
        try FileSystem.makeFolders(base + "/store/objects")
        try FileSystem.makeFolders(base + "/store2/objects")
        try FileSystem.makeFolders(base + "/store/inner/objects")
        for (folder, text) in [("store2", "beside"), ("store", "outer"), ("store/inner", "inner")] {
            let fd = try FileSystem.openFile(base + "/\(folder)/objects/file", O_CREAT | O_WRONLY)
            #expect(fd >= 0)
            _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        #expect(try FileSystem.read(base + "/store2/objects/file") == Array("beside".utf8))
        #expect(try FileSystem.read(base + "/store/objects/file") == Array("outer".utf8))
        #expect(try FileSystem.read(base + "/store/inner/objects/file") == Array("inner".utf8))
    }

    /// The kept root is lent to each walk, and closed only when no walk uses it: files made
    /// from many threads at once, directly in the root and a folder down, all land where their
    /// paths say; once the root's path names another folder, walks go there, never to the one
    /// kept before.
    @Test func walksFromManyThreadsLandInTheRootTheirPathNames() async throws {
        let root = try temporaryFolder("store-lent")
        _ = Store(root: root)
        try FileSystem.makeFolders(root + "/objects/ab")
        @Sendable func put(_ path: String, _ text: String) throws {
            let fd = try FileSystem.openFile(path, O_CREAT | O_WRONLY | O_TRUNC)
            guard fd >= 0 else { throw HarnessError("cannot open \(path)") }
            defer { close(fd) }
            _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for round in 0..<40 {
                        try put(root + "/file-\(task)-\(round)", "root \(task) \(round)")
                        try put(root + "/objects/ab/file-\(task)-\(round)", "ab \(task) \(round)")
                        #expect(FileSystem.entryKind(root + "/objects/ab") == .folder)
                    }
                }
            }
            try await group.waitForAll()
        }
        for task in 0..<16 {
            for round in 0..<40 {
                #expect(try FileSystem.read(root + "/file-\(task)-\(round)") == Array("root \(task) \(round)".utf8))
                #expect(try FileSystem.read(root + "/objects/ab/file-\(task)-\(round)") == Array("ab \(task) \(round)".utf8))
            }
        }
        // The root moved away and made anew: a walk goes to the new one.
        try FileManager.default.moveItem(atPath: root, toPath: root + ".before")
        try FileManager.default.createDirectory(atPath: root + "/objects/ab", withIntermediateDirectories: true)
        try put(root + "/after", "new root")
        try put(root + "/objects/ab/after", "new folder")
        #expect(try FileSystem.read(root + "/after") == Array("new root".utf8))
        #expect(try FileSystem.read(root + "/objects/ab/after") == Array("new folder".utf8))
        #expect(!FileManager.default.fileExists(atPath: root + ".before/after"))
        #expect(!FileManager.default.fileExists(atPath: root + ".before/objects/ab/after"))
    }

    @Test func aTemporaryFileIsNamedInItsFolderOrLeavesNothing() throws {
        let root = try temporaryFolder("store-temporary")
        _ = Store(root: root)
        let named = try TemporaryFile(in: root + "/objects/12", making: true)
        try named.write(Array("kept".utf8))
        try named.move(to: root + "/objects/12/blob", durable: false)
        #expect(try FileSystem.read(root + "/objects/12/blob") == Array("kept".utf8))
        // Named into another folder, it is walked to as before.
        let moved = try TemporaryFile(in: root + "/objects/12")
        try moved.write(Array("moved".utf8))
        try FileSystem.makeFolders(root + "/objects/34")
        try moved.move(to: root + "/objects/34/blob")
        #expect(try FileSystem.read(root + "/objects/34/blob") == Array("moved".utf8))
        do {
            let dropped = try TemporaryFile(in: root + "/objects/12")
            try dropped.write(Array("dropped".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/objects/12") == ["blob"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/objects/34") == ["blob"])
    }
}
