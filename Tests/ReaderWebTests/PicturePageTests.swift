import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderKit
import ReaderTestSupport
import Testing

@testable import ReaderWeb

extension SiteSuites {
    /// A page's stored pictures on the site: drawn from the store at `/picture/HASH` (same
    /// origin, lazily, with alt text and caption), one not stored a link marked so; and what
    /// `/picture/` serves is only ever a picture, under a policy that runs nothing.
    @Suite struct PicturePageTests {
        @Test func storedPicturesAreDrawnFromTheStoreAndOthersStayMarkedLinks() async throws {
            let (store, key, pictures, raw) = try await PictureStore.make()
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0, offline: true))
            try await site.application().test(.router) { client in
                let page = try await client.get("/doc?key=" + QueryText.encode(key))
                #expect(page.status == .ok)
                let text = page.text
                #expect(
                    text.contains(
                        "<figure class=\"picture\"><img src=\"/picture/\(pictures[0])\" alt=\"Levels by month, 2019–2024\" loading=\"lazy\" decoding=\"async\"><figcaption>Levels by month, 2019–2024</figcaption></figure>"
                    ), "\(text)")
                #expect(text.contains("<img src=\"/picture/\(pictures[1])\" alt=\"A drawing of the Tay\" loading=\"lazy\""))
                #expect(text.contains("class=\"picture missing\"><a href=\"http://127.0.0.1:"))
                #expect(text.contains(">Picture (not stored): The gauge at Perth</a>"))
                #expect(page.headers[.contentSecurityPolicy]?.contains("img-src 'self'") == true)

                let png = try await client.get("/picture/\(pictures[0])")
                #expect(png.status == .ok)
                #expect(png.headers[.contentType] == "image/png")
                #expect(Array(png.body.readableBytesView) == SyntheticPictures.png)
                #expect(png.headers[.contentSecurityPolicy] == "default-src 'none'; style-src 'unsafe-inline'; sandbox")
                #expect(png.headers[.xContentTypeOptions] == "nosniff")
                let svg = try await client.get("/picture/\(pictures[1])")
                #expect(svg.headers[.contentType] == "image/svg+xml")
                #expect(svg.headers[.contentSecurityPolicy]?.hasSuffix("sandbox") == true)

                // The page's own raw blob is stored too, but it is no picture: not served as one.
                #expect(try await client.get("/picture/\(raw)").status == .notFound)
                #expect(try await client.get("/picture/../catalog.json").status == .notFound)
                #expect(try await client.get("/picture/" + String(repeating: "A", count: 64)).status == .notFound)
            }
        }
    }
}
