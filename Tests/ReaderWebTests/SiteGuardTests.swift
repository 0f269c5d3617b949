import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderTestHarness
import Testing

@testable import ReaderWeb

extension SiteSuites {
    /// What keeps other sites out: the `Host` check (DNS rebinding), and the token and origin a
    /// fetch must carry. A GET never changes the store.
    @Suite struct SiteGuardTests {
        @Test func aRequestNamingAnotherHostIsRefusedOnARealPort() async throws {
            let (store, _) = try await ReadStore.filled.value
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 0))
            try await site.application().test(.live) { client in
                let port = try #require(client.port)
                func status(host: String) async throws -> Int {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/rfc/793")
                    request.headers.replaceOrAdd(name: "Host", value: host)
                    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                    return Int(response.status.code)
                }
                #expect(try await status(host: "evil.example:\(port)") == 421)
                #expect(try await status(host: "evil.example") == 421)
                #expect(try await status(host: "127.0.0.1.evil.example:\(port)") == 421)
                #expect(try await status(host: "127.0.0.1:\(port + 1)") == 421, "another port is another server")
                #expect(try await status(host: "127.0.0.1:\(port)") == 200)
                #expect(try await status(host: "localhost:\(port)") == 200)
            }
        }

        @Test(arguments: [
            ("127.0.0.1:8080", true), ("localhost:8080", true), ("LOCALHOST:8080", true), ("[::1]:8080", true), ("127.0.0.1", true),
            ("10.1.2.3:8080", true), ("evil.example:8080", false), ("127.0.0.1:8081", false), ("127.0.0.1.nip.io:8080", false),
            ("1270.0.0.1:8080", false), ("[::1:8080", false), ("", false), ("a:b:c", false),
        ])
        func ownAddresses(_ authority: String, _ allowed: Bool) {
            #expect(OwnAddress.allows(authority, boundName: "127.0.0.1", port: 8080) == allowed)
        }

        @Test func theNameTheServerWasBoundToIsItsOwn() {
            #expect(OwnAddress.allows("reader.lan:8080", boundName: "reader.lan", port: 8080))
            #expect(!OwnAddress.allows("reader.lan:8080", boundName: "127.0.0.1", port: 8080))
            #expect(OwnAddress.allows(origin: "http://127.0.0.1:8080", boundName: "127.0.0.1", port: 8080))
            #expect(!OwnAddress.allows(origin: "https://evil.example", boundName: "127.0.0.1", port: 8080))
            #expect(!OwnAddress.allows(origin: "null", boundName: "127.0.0.1", port: 8080))
            #expect(!OwnAddress.allows(origin: "http://127.0.0.1", boundName: "127.0.0.1", port: 8080))
        }

        @Test func aPageAskedWithAMethodItDoesNotTakeIsRefusedWith405NamingWhatItTakes() async throws {
            let (store, _) = try await ReadStore.filled.value
            let site = Site(reader: ReadStore.reader(store), settings: SiteSettings(port: 8080))
            try await site.application().test(.router) { client in
                for (path, method) in [
                    ("/", HTTPRequest.Method.post), ("/rfc/793", .post), ("/rfc/793", .delete), ("/api/rfc/793", .put),
                    ("/index", .patch), ("/search?q=tcp", .post), ("/go?to=793", .post),
                ] {
                    let response = try await client.execute(uri: path, method: method)
                    #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(response.headers[.allow] == "GET, HEAD", "\(method) \(path)")
                    #expect(response.headers[.contentSecurityPolicy] != nil, "\(method) \(path)")
                    #expect(String(buffer: response.body).contains("answers GET, HEAD"), "\(method) \(path)")
                }
                let get = try await client.execute(uri: "/fetch", method: .get)
                #expect(get.status == .methodNotAllowed)
                #expect(get.headers[.allow] == "POST")
                // An address no route has is not found, whatever the method.
                #expect(try await client.execute(uri: "/nowhere", method: .post).status == .notFound)
                #expect(try await client.execute(uri: "/rfc/793", method: .get).status == .ok)
            }
        }

        @Test func aFetchNeedsThePagesTokenAndItsOriginAndThenStoresTheRFC() async throws {
            // Its own store: this test changes it. The RFC source keeps running for the fetch.
            let (store, server) = try await ReadStore.fill(rfcs: ["793"])
            // In process, nothing is bound: the port is the one the origin must name.
            let site = Site(reader: ReadStore.reader(store, rfcSource: server.baseURL), settings: SiteSettings(port: 8080))
            try await site.application().test(.router) { client in
                let page = try await client.get("/rfc/9110")
                #expect(page.status == .notFound)
                let token = try #require(page.text.firstMatch(of: /name="token" value="([0-9a-f]+)"/).map { String($0.1) })
                func post(_ body: String, origin: String? = nil) async throws -> TestResponse {
                    var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
                    if let origin { headers[.origin] = origin }
                    return try await client.execute(uri: "/fetch", method: .post, headers: headers, body: ByteBuffer(string: body))
                }
                #expect(try await post("rfc=9110").status == .forbidden, "no token")
                #expect(try await post("token=0123&rfc=9110").status == .forbidden, "another token")
                #expect(try await post("token=\(token)&rfc=9110", origin: "https://evil.example").status == .forbidden)
                #expect(
                    try await post("token=\(token)&rfc=9110", origin: "http://localhost").status == .forbidden, "port 80 is another site")
                #expect(try await post("token=\(token)&rfc=banana").status == .badRequest)
                #expect(try await client.get("/rfc/9110").status == .notFound, "nothing was fetched")
                #expect(try await client.execute(uri: "/fetch?rfc=9110", method: .get).status == .methodNotAllowed, "a GET never fetches")

                let fetched = try await post("token=\(token)&rfc=9110", origin: "http://127.0.0.1:8080")
                #expect(fetched.status == .seeOther)
                #expect(fetched.headers[.location] == "/rfc/9110")
                let now = try await client.get("/rfc/9110")
                #expect(now.status == .ok)
                #expect(now.text.contains("<h1>RFC 9110: HTTP Semantics</h1>"))
                // The pages that named it link to it now: the catalog changed, the kept pages went.
                #expect(try await client.get("/").text.contains("<a href=\"/rfc/9110\">"))
            }
            await server.stop()
        }

        @Test func anOfflineSiteFetchesNothingWhateverItIsSent() async throws {
            let (store, server) = try await ReadStore.fill(rfcs: ["793"])
            let online = Site(reader: ReadStore.reader(store, rfcSource: server.baseURL), settings: SiteSettings(port: 0))
            let offline = Site(reader: ReadStore.reader(store, rfcSource: server.baseURL), settings: SiteSettings(port: 0, offline: true))
            try await offline.application().test(.router) { client in
                let response = try await client.execute(
                    uri: "/fetch", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "token=\(online.token.value)&rfc=9110"))
                #expect(response.status == .forbidden)
                #expect(response.text.contains("--offline"))
                #expect(try await client.get("/rfc/9110").status == .notFound)
            }
            await server.stop()
        }
    }
}
