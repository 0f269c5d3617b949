import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// A page's pictures through `push` and `pull` against moto's S3 server: the pulled store
/// holds them, byte for byte, and shows them offline (synthetic pictures).
@Suite(.serialized) struct RemotePicturesTests {
    @Test func pushAndPullCarryAPagesPictures() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let words = String(repeating: "The northern rivers rose again this spring and the engineers measured every bank. ", count: 8)
        let page = Array(
            """
            <html><head><title>River levels</title></head><body><article><h1>River levels</h1><p>\(words)</p>
            <figure><img src="/img/a.png" alt="A"><figcaption>Levels by month</figcaption></figure><p>\(words)</p>
            <p><img src="/img/b.png" alt="The Tay at dawn"></p><p>\(words)</p></article></body></html>
            """.utf8)
        let site = try await LoopbackServer { request in
            request.uri == "/river.html"
                ? .ok(page, contentType: "text/html") : .ok(SyntheticPictures.png(request.uri), contentType: "image/png")
        }
        let url = site.baseURL + "/river.html"
        let store = try temporaryFolder("pictures-pushed")
        let mine = try moto.reader(store, SyntheticPictures.noNetwork)
        #expect(try await mine.measure(["fetch", url]).status == 0)
        await site.stop()
        let pictures = blobFiles(store).count
        #expect(pictures == 4)
        #expect(try await mine.measure(["push"]).status == 0)

        let theirs = try temporaryFolder("pictures-pulled")
        let other = try moto.reader(theirs)
        let pull = try await other.measure(["pull"])
        #expect(pull.status == 0, "\(pull)")
        #expect(blobFiles(theirs) == blobFiles(store))
        #expect(try await other.measure(["cache", "verify"]).status == 0)
        let view = try await other.measure(["open", url, "--offline", "--no-pager"])
        #expect(view.stdout.contains("[picture: Levels by month]") && view.stdout.contains("[picture: The Tay at dawn]"), "\(view)")
        let remote = try await other.measure(["cache", "verify", "--remote", "--json"])
        #expect(remote.status == 0 && jsonObject(remote.stdout)?["blobsChecked"] as? Int == 4, "\(remote)")
    }
}
