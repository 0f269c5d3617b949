import Foundation
import ReaderTestHarness
import Testing

/// `file://` URLs and local mirrors: a FIFO is refused at once (never waited on), a file URL
/// naming another host is refused, and a mirror's file must be a regular file inside the
/// mirror — a link to a file outside it is not stored as the RFC it is named after. Each
/// command runs under a generous bound that fails the test when it hangs.
@Suite struct FileURLTests {
    /// A mirror of the RFC Editor (`rfc-index.txt`, `rfc/rfcN.txt`) whose RFC 1 is real, RFC 5 a
    /// FIFO and RFC 6 a link to a file outside it, which holds a real RFC's text.
    struct Mirror {
        let folder: String
        let outside: String

        init() throws {
            let root = try temporaryFolder("mirror")
            folder = root + "/mirror"
            outside = root + "/private.txt"
            try FileManager.default.createDirectory(atPath: folder + "/rfc", withIntermediateDirectories: true)
            try Data(RFCSite.index(entries: 8)).write(to: URL(fileURLWithPath: folder + "/rfc-index.txt"))
            try Data(RFCSite.rfc(1)).write(to: URL(fileURLWithPath: folder + "/rfc/rfc1.txt"))
            try Data(RFCSite.rfc(6)).write(to: URL(fileURLWithPath: outside))
            guard mkfifo(folder + "/rfc/rfc5.txt", 0o644) == 0 else { throw HarnessError("cannot make a FIFO") }
            try FileManager.default.createSymbolicLink(atPath: folder + "/rfc/rfc6.txt", withDestinationPath: outside)
        }

        var url: String { "file://" + folder }
    }

    @Test func aFIFOIsRefusedNotWaitedOn() async throws {
        let mirror = try Mirror()
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("fifo-store")])
        let run = try await reader.run(["fetch", mirror.url + "/rfc/rfc5.txt"], timeout: 60)
        #expect(run.status != 0, "\(run)")
        #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains("not a regular file"), "\(run)")
    }

    @Test func aMirrorsFIFOAndOutsideLinkAreRefusedAndTheRestStored() async throws {
        let mirror = try Mirror()
        let store = try temporaryFolder("mirror-store")
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": mirror.url])
        let all = try await reader.run(["fetch", "rfc", "all"], timeout: 120)
        #expect(all.status != 0, "\(all)")
        #expect(all.stderr.contains("rfc5.txt") && all.stderr.contains("rfc6.txt"), "\(all)")
        let one = try await reader.run(["open", "1", "--offline"], timeout: 60)
        #expect(one.status == 0, "\(one)")
        // RFC 6 is not the file outside the mirror.
        let six = try await reader.run(["open", "6", "--offline"], timeout: 60)
        #expect(six.status != 0, "\(six)")
        #expect(!six.stdout.contains("Copy served as RFC 6"), "\(six)")
        let fetchSix = try await reader.run(["fetch", "rfc", "6"], timeout: 60)
        #expect(fetchSix.status != 0 && fetchSix.stderr.contains("outside the mirror"), "\(fetchSix)")
    }

    @Test(arguments: ["file://evil.com/etc/hostname", "file://127.0.0.1/etc/hostname"])
    func aFileURLNamingAnotherHostIsRefused(_ url: String) async throws {
        let store = try temporaryFolder("host-store")
        let run = try await ReaderBinary(environment: ["READER_CACHE_DIR": store]).run(["fetch", url], timeout: 60)
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains("localhost"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: store + "/catalog.json"), "something was stored: \(run)")
    }
}
