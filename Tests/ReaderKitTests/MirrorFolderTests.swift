import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderSupport
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderKit

/// A `file://` mirror's folders are resolved once while they stay the folders they were (each
/// file's path was resolved anew): a folder of the mirror that is a link inside it serves; one
/// replaced by a link to elsewhere while the process runs never has the files it leads to stored
/// as the mirror's; one replaced by another folder (a mirror updated by swapping its folders,
/// under a server that runs for weeks) is read as it is now. Real RFCs of the corpus.
@Suite struct MirrorFolderTests {
    /// A mirror under `root` whose `rfc/` holds RFC 793 and RFC 3986 (from the corpus), and a
    /// reader that fetches from it into a store of its own.
    struct Mirror {
        let root: String
        let reader: Reader

        init(rfcFolderIsALink: Bool = false) throws {
            root = try temporaryFolder("mirror-folder")
            let texts = root + (rfcFolderIsALink ? "/mirror/texts" : "/mirror/rfc")
            try FileManager.default.createDirectory(atPath: texts, withIntermediateDirectories: true)
            if rfcFolderIsALink {
                // A link inside the mirror to another of its folders, as `rsync -l` keeps one.
                try FileManager.default.createSymbolicLink(atPath: root + "/mirror/rfc", withDestinationPath: "texts")
            }
            for number in ["793", "3986"] {
                try FileManager.default.copyItem(atPath: Corpus.url("rfc/rfc\(number).txt").path, toPath: texts + "/rfc\(number).txt")
            }
            reader = Reader(
                configuration: Configuration(
                    storeRoot: root + "/store", settings: Settings(["READER_RFC_EDITOR_URL": "file://" + root + "/mirror"]), jobs: 2),
                modules: builtinModules)
        }

        func fetch(_ number: String) async throws -> FetchResult {
            let requests = try reader.fetchRequests(["rfc", number])
            try #require(requests.count == 1)
            return try await reader.fetch(requests[0])
        }
    }

    @Test func aFolderOfTheMirrorThatIsALinkInsideItServes() async throws {
        let mirror = try Mirror(rfcFolderIsALink: true)
        let result = try await mirror.fetch("793")
        #expect(result.status == .fetched && result.title.lowercased().contains("transmission control protocol"), "\(result)")
    }

    @Test func aFolderReplacedByALinkToElsewhereNeverHasItsFilesStoredAsTheMirrors() async throws {
        let mirror = try Mirror()
        let first = try await mirror.fetch("793")
        #expect(first.status == .fetched, "\(first)")
        // The mirror's `rfc/` moved aside, and a link put in its place to a folder outside
        // whose `rfc3986.txt` is another RFC's text (RFC 2616's).
        let outside = mirror.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Corpus.url("rfc/rfc2616.txt").path, toPath: outside + "/rfc3986.txt")
        try FileManager.default.moveItem(atPath: mirror.root + "/mirror/rfc", toPath: mirror.root + "/mirror/rfc-moved")
        try FileManager.default.createSymbolicLink(atPath: mirror.root + "/mirror/rfc", withDestinationPath: outside)
        do {
            let result = try await mirror.fetch("3986")
            Issue.record("stored from a folder outside the mirror: \(result)")
        } catch {
            #expect("\(error)".contains("outside the mirror"), "\(error)")
        }
        #expect(try mirror.reader.store.entry("rfc/3986") == nil)
    }

    @Test func aFolderReplacedByAnotherFolderIsReadAsItIsNow() async throws {
        let mirror = try Mirror()
        let first = try await mirror.fetch("793")
        #expect(first.status == .fetched, "\(first)")
        // The mirror updated the way an atomic deploy does it: a new folder made beside the old,
        // then put in its place. The new one holds an RFC the old did not.
        let fresh = mirror.root + "/mirror/rfc.new"
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Corpus.url("rfc/rfc2616.txt").path, toPath: fresh + "/rfc2616.txt")
        try FileManager.default.moveItem(atPath: mirror.root + "/mirror/rfc", toPath: mirror.root + "/mirror/rfc.old")
        try FileManager.default.moveItem(atPath: fresh, toPath: mirror.root + "/mirror/rfc")
        let second = try await mirror.fetch("2616")
        #expect(second.status == .fetched && second.title.lowercased().contains("hypertext transfer protocol"), "\(second)")
    }
}
