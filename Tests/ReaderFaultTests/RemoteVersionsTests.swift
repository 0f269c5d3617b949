import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `push` and `pull` carry every version of a document (moto's S3): a page fetched twice in
/// one store is pulled with its earlier version into another, which fetches a third and
/// pushes; the first store pulls and then holds all three, in order.
@Suite(.serialized) struct RemoteVersionsTests {
    @Test func pushAndPullCarryEveryVersion() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let drafts = try ["07", "08"].map { try Corpus.bytes("drafts/draft-nottingham-rfc5988bis-\($0).txt") }
        let page = try await LoopbackServer { _ in .ok(drafts[0]) }
        defer { Task { await page.stop() } }
        let url = page.baseURL + "/web-linking.txt"
        let mine = try moto.reader(try temporaryFolder("versions-mine"))
        #expect(try await mine.measure(["fetch", url]).status == 0)
        page.setHandler { _ in .ok(drafts[1]) }
        #expect(try await mine.measure(["fetch", url]).status == 0)
        let push = try await mine.measure(["push"])
        #expect(push.status == 0, "\(push)")

        let theirs = try moto.reader(try temporaryFolder("versions-theirs"))
        let pull = try await theirs.measure(["pull"])
        #expect(pull.status == 0, "\(pull)")
        let pulled = try await theirs.measure(["history", url, "--offline"])
        #expect(pulled.stdout.split(separator: "\n").count == 2, "\(pulled)")
        let old = try await theirs.measure(["open", url, "--version", "1", "--offline", "--no-pager"])
        #expect(old.status == 0 && old.stdout.contains("July 18, 2017"), "\(old)")

        // A third version, made over there, comes back with the two before it.
        let third = Array((String(decoding: drafts[1], as: UTF8.self) + "\nA third version's last line.\n").utf8)
        page.setHandler { _ in .ok(third) }
        #expect(try await theirs.measure(["fetch", url]).status == 0)
        #expect(try await theirs.measure(["push"]).status == 0)
        let back = try await mine.measure(["pull"])
        #expect(back.status == 0, "\(back)")
        let history = try await mine.measure(["history", url, "--json"])
        let versions = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(versions.count == 3, "\(history)")
        #expect(versions.map { $0["size"] as? Int } == [drafts[0].count, drafts[1].count, third.count])
        for side in [mine, theirs] {
            let verify = try await side.measure(["cache", "verify"])
            #expect(verify.status == 0, "\(verify)")
        }
    }
}
