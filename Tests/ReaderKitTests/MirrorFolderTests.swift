import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderSupport
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderKit

/// A `file://` mirror's folders are looked at once a process, each opened where every link of
/// its path leads (inside the mirror), and its files opened in it: a folder of the mirror that
/// is a link inside it serves, and a folder replaced by a link to elsewhere while the process
/// runs never has the files it leads to stored as the mirror's. Real RFCs of the corpus.
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
            // Read from the folder opened before, which is the mirror's.
            let result = try await mirror.fetch("3986")
            #expect(result.title.lowercased().contains("uniform resource identifier"), "\(result)")
        } catch {
            #expect("\(error)".contains("refused"), "\(error)")
        }
        let stored = try mirror.reader.store.entry("rfc/3986")
        #expect(stored?.title?.lowercased().contains("hypertext transfer protocol") != true, "\(String(describing: stored))")
    }
}
