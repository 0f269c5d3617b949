import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// A page's pictures, through the built binary against a loopback server: fetched and stored
/// beside it, named in the terminal, kept by `gc`, checked by `verify`, carried into exports;
/// and every kind of hostile picture refused in one line, the page stored all the same.
/// The pictures are synthetic (``SyntheticPictures``).
@Suite struct PicturesEndToEndTests {
    let store: String

    init() throws {
        store = try temporaryFolder("e2e-pictures")
    }

    static let words = String(
        repeating: "The northern rivers rose again this spring, and the engineers who watch them measured every bank twice. ",
        count: 6)

    /// An article with a captioned figure, a `<picture>` with a `srcset`, a `data:` picture
    /// and one the server does not have.
    static func article(dataURL: String) -> [UInt8] {
        Array(
            """
            <html><head><title>River levels</title></head><body><article>
            <h1>River levels</h1>
            <p>\(words)</p>
            <figure><img src="/img/chart.png" alt="Chart of river levels"><figcaption>Sales by quarter, 2019–2024</figcaption></figure>
            <p>\(words)</p>
            <div><picture><source srcset="/img/small.png 480w, /img/large.png 1200w, /img/huge.png 2400w">
            <img src="/img/fallback.png" alt="The Tay at dawn"></picture></div>
            <p>\(words)</p>
            <p><img src="\(dataURL)" alt="A tiny inline drawing"></p>
            <p>\(words)</p>
            <p><img src="/img/missing.png"></p>
            <p>\(words)</p>
            </article></body></html>
            """.utf8)
    }

    static func catalogEntry(_ store: String, key: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: store + "/catalog.json"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(catalog["entries"] as? [String: Any])
        return try #require(entries[key] as? [String: Any])
    }

    static func blobPath(_ store: String, _ hex: String) -> String {
        store + "/objects/" + hex.prefix(2) + "/" + hex.dropFirst(2)
    }

    @Test func picturesAreKeptNamedCollectedOnlyWhenUnnamedAndExported() async throws {
        let dataURL = "data:image/png;base64," + Data(SyntheticPictures.png("inline")).base64EncodedString()
        let server = try await LoopbackServer { request in
            switch request.uri {
            case "/article.html": .ok(Self.article(dataURL: dataURL), contentType: "text/html; charset=utf-8")
            case "/img/missing.png": .status(404)
            case let path where path.hasPrefix("/img/"): .ok(SyntheticPictures.png(path), contentType: "image/png")
            default: .status(404)
            }
        }
        let url = server.baseURL + "/article.html"
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store].merging(SyntheticPictures.noNetwork) { a, _ in a })
        let fetch = try await reader.run(["fetch", url])
        #expect(fetch.status == 0, "\(fetch)")
        #expect(fetch.stdout.contains("3 pictures kept"), "\(fetch)")
        // The one not found is said in one line; the page is stored all the same.
        let lines = fetch.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("reader: ") && lines[0].contains("/img/missing.png not kept: HTTP 404"), "\(fetch)")
        // The srcset's candidate for a column of about 1,000 pixels, and only it.
        let asked = Set(server.requests.map(\.uri))
        #expect(asked.contains("/img/large.png") && !asked.contains("/img/small.png") && !asked.contains("/img/huge.png"))
        #expect(!asked.contains("/img/fallback.png"))
        await server.stop()

        let entry = try Self.catalogEntry(store, key: url)
        let pictures = try #require(entry["pictures"] as? [String])
        #expect(pictures.count == 3)
        for hex in pictures { #expect(FileManager.default.fileExists(atPath: Self.blobPath(store, hex))) }

        // The terminal names each picture by its caption or alt text; never a bare "[image]".
        let view = try await reader.run(["open", url, "--offline", "--no-pager"])
        #expect(view.status == 0, "\(view)")
        #expect(view.stdout.contains("[picture: Sales by quarter, 2019–2024]"), "\(view.stdout)")
        #expect(view.stdout.contains("[picture: The Tay at dawn]"))
        #expect(view.stdout.contains("[picture: A tiny inline drawing]"))
        #expect(!view.stdout.contains("[image]"))
        let json = try await reader.run(["open", url, "--offline", "--format", "json"])
        #expect(!json.stdout.contains("[image]") && !json.stdout.contains("data:image"))
        // The index holds the captions' words and no placeholder's.
        #expect(try await reader.run(["find", "quarter", "--offline"]).status == 0)
        #expect(try await reader.run(["find", "image", "--offline"]).status == 1)

        // Checked, and kept by gc while the document names them.
        let verify = try await reader.run(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
        #expect(try await reader.run(["cache", "gc"]).status == 0)
        for hex in pictures { #expect(FileManager.default.fileExists(atPath: Self.blobPath(store, hex))) }
        // A damaged picture is named by verify.
        let damaged = Self.blobPath(store, pictures[0])
        let kept = try Data(contentsOf: URL(fileURLWithPath: damaged))
        try Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]).write(to: URL(fileURLWithPath: damaged))
        let broken = try await reader.run(["cache", "verify"])
        #expect(broken.status == 6 && (broken.stdout + broken.stderr).contains(pictures[0]), "\(broken)")
        try kept.write(to: URL(fileURLWithPath: damaged))

        // The EPUB carries them (epubcheck: 0 errors); Markdown and HTML write them beside the file.
        let folder = try temporaryFolder("e2e-pictures-export")
        let book = folder + "/river.epub"
        #expect(try await reader.run(["export", url, "--epub", book]).status == 0)
        try Epubcheck.validate(book)
        let page = try Zipped.member("OEBPS/document-1.xhtml", of: book)
        #expect(page.contains("<img src=\"pictures/") && page.contains("<figcaption>Sales by quarter, 2019–2024</figcaption>"))
        let markdown = try await reader.run(["export", url, "--format", "markdown", "--output", folder + "/river.md"])
        #expect(markdown.status == 0, "\(markdown)")
        let text = try String(contentsOfFile: folder + "/river.md", encoding: .utf8)
        #expect(text.contains("](river.pictures/"))
        for hex in pictures {
            #expect(FileManager.default.fileExists(atPath: folder + "/river.pictures/\(hex).png"))
        }
        #expect(try await reader.run(["export", url, "--format", "html", "--output", folder + "/river.html"]).status == 0)
        #expect(try String(contentsOfFile: folder + "/river.html", encoding: .utf8).contains("<img src=\"river.pictures/"))
    }

    @Test func anEarlierVersionKeepsItsPicturesThroughGC() async throws {
        let server = try await LoopbackServer { request in
            request.uri.hasPrefix("/img/") ? .ok(SyntheticPictures.png(request.uri), contentType: "image/png") : .status(404)
        }
        let first = Self.article(dataURL: "/img/other.png")
        let second = Array("<html><body><article><h1>River levels</h1><p>\(Self.words) Changed.</p></article></body></html>".utf8)
        server.setHandler { request in
            request.uri == "/article.html"
                ? .ok(first, contentType: "text/html") : .ok(SyntheticPictures.png(request.uri), contentType: "image/png")
        }
        let url = server.baseURL + "/article.html"
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store].merging(SyntheticPictures.noNetwork) { a, _ in a })
        #expect(try await reader.run(["fetch", url]).status == 0)
        let pictures = try #require(try Self.catalogEntry(store, key: url)["pictures"] as? [String])
        server.setHandler { request in request.uri == "/article.html" ? .ok(second, contentType: "text/html") : .status(404) }
        #expect(try await reader.run(["fetch", url]).status == 0)
        await server.stop()
        #expect(try Self.catalogEntry(store, key: url)["pictures"] == nil)
        #expect(try await reader.run(["cache", "gc"]).status == 0)
        for hex in pictures { #expect(FileManager.default.fileExists(atPath: Self.blobPath(store, hex))) }
        // Once no version names them, they go.
        #expect(try await reader.run(["cache", "gc", "--keep-versions", "0"]).status == 0)
        for hex in pictures { #expect(!FileManager.default.fileExists(atPath: Self.blobPath(store, hex))) }
    }

    @Test func noPicturesAsksForNone() async throws {
        let server = try await LoopbackServer { request in
            request.uri == "/article.html"
                ? .ok(Self.article(dataURL: "/img/x.png"), contentType: "text/html")
                : .ok(SyntheticPictures.png, contentType: "image/png")
        }
        let url = server.baseURL + "/article.html"
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store].merging(SyntheticPictures.noNetwork) { a, _ in a })
        let fetch = try await reader.run(["fetch", url, "--no-pictures"])
        #expect(fetch.status == 0, "\(fetch)")
        #expect(server.requests.map(\.uri) == ["/article.html"])
        await server.stop()
        #expect(try Self.catalogEntry(store, key: url)["pictures"] == nil)
        let view = try await reader.run(["open", url, "--offline", "--no-pager"])
        #expect(view.stdout.contains("[picture: Sales by quarter, 2019–2024]"))
    }

    /// Each hostile picture bounded and refused in one line; the page stored with the one good
    /// picture it has.
    @Test func hostilePicturesAreRefusedInOneLineEach() async throws {
        let fiftyMegabytes = "data:image/png;base64," + String(repeating: "A", count: 50 << 20)
        let names = [
            "/img/page.png", "/img/declared.png", "/img/chunked.png", "/img/bomb.png", "/img/loop.png", "/img/script.svg",
            "/img/external.svg",
        ]
        var body = "<html><head><title>Hostile pictures</title></head><body><article><h1>Hostile pictures</h1>"
        for name in names + [fiftyMegabytes, "/img/good.svg"] {
            body += "<p>\(Self.words)</p><p><img src=\"\(name)\" alt=\"picture \(name.prefix(20))\"></p>"
        }
        body += "<p>\(Self.words)</p></article></body></html>"
        let page = Array(body.utf8)
        let server = try await LoopbackServer { request in
            switch request.uri {
            case "/hostile.html": .ok(page, contentType: "text/html")
            case "/img/page.png": .ok(Array("<html><body>not a picture</body></html>".utf8), contentType: "image/png")
            case "/img/declared.png": .stream(total: 1 << 30, chunk: 1 << 16, declareLength: true)
            case "/img/chunked.png": .stream(total: 1 << 30, chunk: 1 << 16, declareLength: false)
            case "/img/bomb.png": .ok(SyntheticPictures.pngDeclaring(width: 100_000, height: 100_000), contentType: "image/png")
            case "/img/loop.png": .status(302, headers: [("Location", "/img/loop2.png")])
            case "/img/loop2.png": .status(302, headers: [("Location", "/img/loop.png")])
            case "/img/script.svg": .ok(SyntheticPictures.svgWithScript, contentType: "image/svg+xml")
            case "/img/external.svg": .ok(SyntheticPictures.svgWithExternalReferences, contentType: "image/svg+xml")
            case "/img/good.svg": .ok(SyntheticPictures.svg, contentType: "image/svg+xml")
            default: .status(404)
            }
        }
        let url = server.baseURL + "/hostile.html"
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store].merging(SyntheticPictures.noNetwork) { a, _ in a })
        let fetch = try await reader.run(["fetch", url], timeout: 300)
        await server.stop()
        #expect(fetch.status == 0, "\(fetch)")
        let lines = fetch.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 8, "\(fetch.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("reader: ") && $0.contains("not kept: ") && $0.count < 400 }, "\(fetch.stderr)")
        func line(_ name: String) -> String { lines.first { $0.contains(name) } ?? "" }
        #expect(line("page.png").contains("no PNG, JPEG, GIF, WebP, AVIF or SVG"))
        #expect(line("declared.png").contains("larger than the limit of 5 MiB for one picture"))
        #expect(line("chunked.png").contains("larger than the limit of 5 MiB for one picture"))
        #expect(line("bomb.png").contains("100000 × 100000 pixels"))
        #expect(line("loop.png").contains("redirect loop"))
        #expect(line("script.svg").contains("script"))
        #expect(line("external.svg").contains("external references"))
        #expect(line("data:image/png").contains("larger than the limit of 5 MiB"))
        // The page is stored, naming the one good picture.
        let entry = try Self.catalogEntry(store, key: url)
        #expect((entry["pictures"] as? [String])?.count == 1)
        #expect(try await reader.run(["cache", "verify"]).status == 0)
    }

    @Test func tenThousandPicturesAreCountedNotFetched() async throws {
        var body = "<html><head><title>A wall of pictures</title></head><body><article><h1>A wall</h1><p>\(Self.words)</p>"
        for index in 0..<10_000 { body += "<p><img src=\"/p/\(index).png\" alt=\"tile \(index)\"></p>" }
        body += "<p>\(Self.words)</p></article></body></html>"
        let page = Array(body.utf8)
        let server = try await LoopbackServer { request in
            request.uri == "/wall.html"
                ? .ok(page, contentType: "text/html") : .ok(SyntheticPictures.png(request.uri), contentType: "image/png")
        }
        let url = server.baseURL + "/wall.html"
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store, "READER_PAGE_PICTURES": "20"].merging(SyntheticPictures.noNetwork) { a, _ in a })
        let fetch = try await reader.run(["fetch", url], timeout: 300)
        await server.stop()
        #expect(fetch.status == 0, "\(fetch)")
        #expect(server.requests.count == 21)
        let lines = fetch.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("9980 of its 10000 pictures not fetched"), "\(fetch.stderr)")
        #expect((try Self.catalogEntry(store, key: url)["pictures"] as? [String])?.count == 20)
    }

    @Test func aPagesPicturesStopAtItsBudget() async throws {
        var body = "<html><head><title>Big pictures</title></head><body><article><h1>Big pictures</h1><p>\(Self.words)</p>"
        for index in 0..<3 { body += "<p><img src=\"/big/\(index).png\" alt=\"big \(index)\"></p><p>\(Self.words)</p>" }
        body += "</article></body></html>"
        let page = Array(body.utf8)
        let big = String(repeating: "x", count: 600 << 10)
        let server = try await LoopbackServer { request in
            request.uri == "/big.html"
                ? .ok(page, contentType: "text/html") : .ok(SyntheticPictures.png(request.uri + big), contentType: "image/png")
        }
        let url = server.baseURL + "/big.html"
        let environment = ["READER_CACHE_DIR": store, "READER_PICTURE_MB": "1", "READER_PAGE_PICTURES_MB": "1"]
        let reader = try ReaderBinary(environment: environment.merging(SyntheticPictures.noNetwork) { a, _ in a })
        let fetch = try await reader.run(["fetch", url])
        await server.stop()
        #expect(fetch.status == 0, "\(fetch)")
        // The first fits; the next two would pass the page's MiB: one line each.
        let lines = fetch.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(fetch.stderr)")
        #expect(lines.allSatisfy { $0.contains("left of the document's pictures (READER_PAGE_PICTURES_MB)") }, "\(fetch.stderr)")
        #expect((try Self.catalogEntry(store, key: url)["pictures"] as? [String])?.count == 1)
    }
}
