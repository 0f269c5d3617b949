import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderKit
import ReaderTestHarness
import ReaderWeb
import Testing

extension SiteSuites {
    /// `POST /note` is guarded as `POST /fetch` is: the page's token, its own origin; bad
    /// notes are refused in words and store nothing; a note shows at its passage, escaped.
    @Suite struct NoteGuardTests {
        @Test func aNoteNeedsThePagesTokenAndItsOriginAndIsShownEscaped() async throws {
            let (store, server) = try await ReadStore.fill(rfcs: ["793"])
            let site = Site(reader: ReadStore.reader(store, rfcSource: server.baseURL), settings: SiteSettings(port: 8080))
            try await site.application().test(.router) { client in
                let page = try await client.get("/rfc/793")
                let token = try #require(page.text.firstMatch(of: /name="token" value="([0-9a-f]+)"/).map { String($0.1) })
                #expect(page.text.contains("<form id=\"add-note\""))
                func post(_ body: String, origin: String? = nil, site: String? = nil) async throws -> TestResponse {
                    var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
                    if let origin { headers[.origin] = origin }
                    if let site { headers[HTTPField.Name("Sec-Fetch-Site")!] = site }
                    return try await client.execute(uri: "/note", method: .post, headers: headers, body: ByteBuffer(string: body))
                }
                let quote = "remembering%20of%20several%20variables"
                let note = "key=rfc%2F793&quote=\(quote)&text=%3Cscript%3Ealert(1)%3C%2Fscript%3E"
                #expect(try await post(note).status == .forbidden, "no token")
                #expect(try await post("token=0123&" + note).status == .forbidden, "another token")
                #expect(try await post("token=\(token)&" + note, origin: "https://evil.example").status == .forbidden)
                #expect(try await post("token=\(token)&" + note, site: "cross-site").status == .forbidden)
                #expect(try await client.execute(uri: "/note", method: .get).status == .methodNotAllowed)
                let absent = try await post("token=\(token)&key=rfc%2F9999&text=x")
                #expect(absent.status == .notFound, "\(absent.text)")
                let lost = try await post("token=\(token)&key=rfc%2F793&quote=never%20written%20there&text=x")
                #expect(lost.status == .badRequest && lost.text.contains("the quote is not in the text"), "\(lost.text)")
                let huge = try await post("token=\(token)&key=rfc%2F793&text=" + String(repeating: "x", count: 1_000_000))
                #expect(huge.status == .contentTooLarge)
                #expect(!FileManager.default.fileExists(atPath: store + "/annotations"), "nothing stored")

                let added = try await post("token=\(token)&" + note, origin: "http://127.0.0.1:8080")
                #expect(added.status == .seeOther)
                #expect(added.headers[.location] == "/rfc/793")
                let shown = try await client.get("/rfc/793")
                #expect(shown.text.contains("<aside class=\"user-note\" id=\"note-1\""), "the kept page is not served")
                #expect(shown.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
                #expect(!shown.text.contains("<script>alert"))
                let json = try await client.get("/api/rfc/793")
                #expect(json.text.contains("\"placed\":\"text\""))

                // Tags and marks filter the home page's list, read anew each time.
                let reader = ReadStore.reader(store, rfcSource: server.baseURL)
                _ = try reader.tag("rfc/793", adding: ["tcp"], removing: [])
                _ = try reader.mark("rfc/793", "starred")
                let home = try await client.get("/")
                #expect(home.text.contains("<a href=\"/?tag=tcp\">#tcp (1)</a>"), "\(home.text)")
                #expect(try await client.get("/?tag=tcp").text.contains("<ol class=\"documents kept\"><li><a href=\"/rfc/793\">"))
                #expect(try await client.get("/?starred=1").text.contains("<ol class=\"documents kept\"><li><a href=\"/rfc/793\">"))
                #expect(try await client.get("/?tag=udp").text.contains("No stored document."))
                #expect(try await client.get("/?unread=1").text.contains("<ol class=\"documents kept\"><li>"), "starred, not read")
                _ = try reader.mark("rfc/793", "read")
                let unread = try await client.get("/api?unread=1").text
                let kept = (try JSONSerialization.jsonObject(with: Data(unread.utf8)) as? [String: Any])?["kept"] as? [[String: Any]]
                #expect(kept != nil && kept?.contains { $0["key"] as? String == "rfc/793" } == false, "\(unread)")
            }
            await server.stop()
        }
    }
}
