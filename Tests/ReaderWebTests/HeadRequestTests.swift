import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderWeb
import Testing

extension SiteSuites {
    /// `curl -I`: a HEAD is answered as the GET of the same address would be — its status and
    /// headers, the length of the page it would send — with no body, for pages and for errors.
    @Suite struct HeadRequestTests {
        @Test(arguments: bothWays)
        func aHeadGetsTheHeadersOfTheGetAndNoBody(_ way: Way) async throws {
            let (store, _) = try await ReadStore.filled.value
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
            try await site.application().visit(way) { client in
                for path in ["/", "/rfc/793", "/api/rfc/793", "/search?q=tcp", "/rfc/9293", "/no/such/page"] {
                    let get = try await client.get(path)
                    let head = try await client.execute(
                        uri: path, method: .head, headers: [.accept: "text/html,application/xhtml+xml,*/*;q=0.8"])
                    #expect(head.status == get.status, "\(path)")
                    #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
                    #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path)")
                    #expect(head.headers[.contentSecurityPolicy] != nil, "\(path)")
                    #expect(head.body.readableBytes == 0, "\(path)")
                }
            }
        }
    }
}
