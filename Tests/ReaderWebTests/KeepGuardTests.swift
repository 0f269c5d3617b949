import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderKit
import ReaderTestHarness
import ReaderWeb
import Testing

extension SiteSuites {
    /// `POST /tag` and `POST /mark`, the forms under a document's title, are guarded as `/note`
    /// and `/fetch` are (the page's token, its own origin); a bad tag, or a 10 MB note, is one
    /// refusal in words and stores nothing; what they set shows on the page and filters the
    /// home page.
    @Suite struct KeepGuardTests {
        @Test func tagsAndMarksNeedThePagesTokenAndOriginAndBadOnesStoreNothing() async throws {
            let (store, server) = try await ReadStore.fill(rfcs: ["793"])
            let site = Site(reader: ReadStore.reader(store, rfcSource: server.baseURL), settings: SiteSettings(port: 8080))
            try await site.application().test(.router) { client in
                let page = try await client.get("/rfc/793")
                let token = try #require(page.text.firstMatch(of: /name="token" value="([0-9a-f]+)"/).map { String($0.1) })
                #expect(page.text.contains("<form method=\"post\" action=\"/tag\" class=\"inline\" id=\"add-tag\">"), "\(page.text)")
                #expect(page.text.contains("<span class=\"meta\" id=\"read-state\">Unread</span>"))
                func post(_ path: String, _ body: String, origin: String? = nil, site: String? = nil) async throws -> TestResponse {
                    var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
                    if let origin { headers[.origin] = origin }
                    if let site { headers[HTTPField.Name("Sec-Fetch-Site")!] = site }
                    return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
                }
                let tag = "key=rfc%2F793&add=tcp"
                let star = "key=rfc%2F793&mark=starred"
                for (path, body) in [("/tag", tag), ("/mark", star)] {
                    #expect(try await post(path, body).status == .forbidden, "\(path): no token")
                    #expect(try await post(path, "token=0123&" + body).status == .forbidden, "\(path): another run's token")
                    let crossOrigin = try await post(path, "token=\(token)&" + body, origin: "https://evil.example")
                    #expect(crossOrigin.status == .forbidden && crossOrigin.text.contains("A page of another site asked"), "\(path)")
                    #expect(try await post(path, "token=\(token)&" + body, site: "cross-site").status == .forbidden, "\(path)")
                    #expect(try await client.execute(uri: path, method: .get).status == .methodNotAllowed)
                }
                // Bad tags and marks, and a 10 MB note: one refusal each, in words.
                let refused: [(String, String, HTTPResponse.Status, String)] = [
                    ("/tag", "key=rfc%2F793&add=two%20words", .badRequest, "a tag cannot hold spaces"),
                    ("/tag", "key=rfc%2F793&add=bell%07", .badRequest, "a tag cannot hold control characters"),
                    ("/tag", "key=rfc%2F793&add=" + String(repeating: "t", count: 1000), .badRequest, "a tag is at most 64 characters"),
                    ("/tag", "key=rfc%2F793&add=" + String(repeating: "%E2%80%AE", count: 2000), .contentTooLarge, "at most 64"),
                    ("/tag", "key=rfc%2F793", .badRequest, "say which tag to add or remove"),
                    ("/tag", "key=rfc%2F9999&add=ok", .notFound, "is not in the store"),
                    ("/mark", "key=rfc%2F793&mark=bogus", .badRequest, "is not a mark"),
                    ("/note", "key=rfc%2F793&text=" + String(repeating: "x", count: 10_000_000), .contentTooLarge, "at most 64 KiB"),
                ]
                for (path, body, status, message) in refused {
                    let answer = try await post(path, "token=\(token)&" + body)
                    #expect(answer.status == status, "\(path) \(body.prefix(60)): \(answer.status)")
                    #expect(answer.text.contains(message), "\(path) \(body.prefix(60)): \(answer.text.prefix(2000))")
                    #expect(!answer.text.contains("\u{7}"))
                }
                #expect(!FileManager.default.fileExists(atPath: store + "/annotations"), "nothing stored")

                // From its own page: a tag put on and a star, shown on the page, filtering the home page.
                let own = "http://127.0.0.1:8080"
                let tagged = try await post("/tag", "token=\(token)&" + tag, origin: own, site: "same-origin")
                #expect(tagged.status == .seeOther && tagged.headers[.location] == "/rfc/793")
                #expect(try await post("/mark", "token=\(token)&" + star, origin: own).status == .seeOther)
                let shown = try await client.get("/rfc/793").text
                #expect(shown.contains("<a href=\"/?tag=tcp\" class=\"tag\">#tcp</a>"), "\(shown)")
                #expect(shown.contains("id=\"read-state\">Unread · starred</span>"))
                #expect(shown.contains("<input type=\"submit\" value=\"Unstar\">"))
                #expect(try await client.get("/?tag=tcp").text.contains("<ol class=\"documents kept\"><li><a href=\"/rfc/793\">"))
                #expect(try await client.get("/?starred=1").text.contains("<ol class=\"documents kept\"><li><a href=\"/rfc/793\">"))
                // And taken off, and read.
                #expect(try await post("/tag", "token=\(token)&key=rfc%2F793&remove=tcp").status == .seeOther)
                #expect(try await post("/mark", "token=\(token)&key=rfc%2F793&mark=read").status == .seeOther)
                let after = try await client.get("/rfc/793").text
                #expect(!after.contains("#tcp") && after.contains("id=\"read-state\">Read · starred</span>"), "\(after)")
                #expect(try await client.get("/?tag=tcp").text.contains("No stored document."))
                let unread = try await client.get("/?unread=1").text
                let kept = try #require(unread.firstMatch(of: /<ol class="documents kept">(.*?)<\/ol>/).map { String($0.1) }, "\(unread)")
                #expect(!kept.contains("/rfc/793"), "read: \(kept)")
            }
            await server.stop()
        }
    }
}
