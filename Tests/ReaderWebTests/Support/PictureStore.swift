import Foundation
import ReaderTestHarness
import ReaderTestSupport

/// A store holding a web page with pictures (synthetic), fetched by the binary from a loopback
/// server that is stopped before the store is read: what the site shows is the store's.
enum PictureStore {
    static let words = String(
        repeating: "The northern rivers rose again this spring, and the engineers who watch them measured every bank twice. ",
        count: 6)

    static let page = Array(
        """
        <html><head><title>River levels</title></head><body><article>
        <h1>River levels</h1>
        <p>\(words)</p>
        <figure><img src="/img/chart.png" alt="Chart of river levels"><figcaption>Levels by month, 2019–2024</figcaption></figure>
        <p>\(words)</p>
        <p><img src="/img/drawing.svg" alt="A drawing of the Tay"></p>
        <p>\(words)</p>
        <p><img src="/img/missing.png" alt="The gauge at Perth"></p>
        <p>\(words)</p>
        </article></body></html>
        """.utf8)

    /// The store's folder, the page's key, the names of the pictures it keeps, and its raw blob's.
    static func make() async throws -> (store: String, key: String, pictures: [String], raw: String) {
        let store = try temporaryFolder("web-pictures")
        let server = try await LoopbackServer { request in
            switch request.uri {
            case "/river.html": .ok(page, contentType: "text/html; charset=utf-8")
            case "/img/chart.png": .ok(SyntheticPictures.png, contentType: "image/png")
            case "/img/drawing.svg": .ok(SyntheticPictures.svg, contentType: "image/svg+xml")
            default: .status(404)
            }
        }
        let key = server.baseURL + "/river.html"
        let reader = try ReaderBinary(
            environment: ["READER_CACHE_DIR": store].merging(SyntheticPictures.noNetwork) { a, _ in a }, runner: .inProcess)
        let run = try await reader.run(["fetch", key])
        await server.stop()
        guard run.status == 0 else { throw HarnessError("fetch \(key): \(run)") }
        let data = try Data(contentsOf: URL(fileURLWithPath: store + "/catalog.json"))
        let catalog = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entry = (catalog?["entries"] as? [String: Any])?[key] as? [String: Any]
        guard let pictures = entry?["pictures"] as? [String], pictures.count == 2, let raw = entry?["raw"] as? String else {
            throw HarnessError("the page kept no two pictures: \(String(describing: entry))")
        }
        return (store, key, pictures, raw)
    }
}
