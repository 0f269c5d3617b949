import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// The corpus's real pages (`html/`, `html-news/`) served locally, each picture address moved
/// to the loopback server, which answers every one with a synthetic picture of its own (the
/// pages were saved without theirs): the pictures of their main content are kept and named,
/// and what they come to is printed for the record.
@Suite struct PicturesCorpusTests {
    static func pages() throws -> [(name: String, bytes: [UInt8])] {
        var pages: [(String, [UInt8])] = []
        let folder = Corpus.url("html").path
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        where FileManager.default.fileExists(atPath: folder + "/\(name)/source.html") {
            pages.append(("html-\(name)", try Corpus.bytes("html/\(name)/source.html")))
        }
        let news = Corpus.url("html-news/html").path
        for file in try FileManager.default.contentsOfDirectory(atPath: news).sorted() where file.hasSuffix(".html.gz") {
            pages.append(("news-\(file.prefix(12))", try Inflate.bytes(try Corpus.bytes("html-news/html/\(file)"), gzip: true)))
        }
        return pages
    }

    @Test func corpusPagesKeepTheirPicturesAndNameThem() async throws {
        let store = try temporaryFolder("pictures-corpus")
        let pages = try Self.pages()
        let server = try await LoopbackServer { _ in .status(404) }
        var served: [String: [UInt8]] = [:]
        for page in pages { served["/pages/\(page.name).html"] = SyntheticPictures.localized(page.bytes, base: server.baseURL) }
        let files = served
        server.setHandler { request in
            let path = String(request.uri.prefix { $0 != "?" })
            if let page = files[path] { return .ok(page, contentType: "text/html") }
            return .ok(SyntheticPictures.png(request.uri), contentType: "image/png")
        }
        let urls = pages.map { server.baseURL + "/pages/\($0.name).html" }
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store].merging(SyntheticPictures.noNetwork) { a, _ in a }, runner: .inProcess)
        let fetch = try await reader.run(["fetch"] + urls, timeout: 600)
        await server.stop()
        #expect(fetch.status == 0, "\(fetch)")

        let data = try Data(contentsOf: URL(fileURLWithPath: store + "/catalog.json"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(catalog["entries"] as? [String: [String: Any]])
        var kept = 0
        var withPictures = 0
        var bytes = 0
        for url in urls {
            let pictures = (entries[url]?["pictures"] as? [String]) ?? []
            kept += pictures.count
            if !pictures.isEmpty { withPictures += 1 }
            for hex in pictures {
                let path = store + "/objects/" + hex.prefix(2) + "/" + hex.dropFirst(2)
                #expect(FileManager.default.fileExists(atPath: path))
                bytes += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            }
        }
        print("corpus pictures: \(kept) kept on \(withPictures) of \(pages.count) pages, \(bytes) bytes stored (synthetic pictures)")
        #expect(withPictures >= 10, "only \(withPictures) pages kept a picture")

        // Offline, every page names its pictures by their words: no "[image]" anywhere.
        let open = try await reader.run(["open"] + urls + ["--offline", "--format", "json"], timeout: 300)
        #expect(open.status == 0, "\(open)")
        #expect(!open.stdout.contains("[image]"))
    }
}
