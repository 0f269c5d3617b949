import Foundation

extension LoopbackServer.Reply {
    /// Serves `files` (URL path → bytes) as a static site would: an ETag and Last-Modified on
    /// each, 304 for a matching If-None-Match or If-Modified-Since, 404 for anything else.
    public static func serve(_ files: [String: [UInt8]], request: LoopbackServer.Request) -> LoopbackServer.Reply {
        let path = String(request.uri.split(separator: "?", maxSplits: 1).first ?? "")
        guard let body = files[path] else { return .status(404) }
        let etag = "\"\(body.count)-\(body.reduce(0) { ($0 &* 31) &+ Int($1) })\""
        let lastModified = "Fri, 08 Aug 2025 12:00:00 GMT"
        if request.headers["if-none-match"] == etag || request.headers["if-modified-since"] == lastModified {
            return .respond(status: 304, headers: [("ETag", etag)], body: [])
        }
        return .respond(
            status: 200,
            headers: [("Content-Type", contentType(path)), ("ETag", etag), ("Last-Modified", lastModified)],
            body: body)
    }

    static func contentType(_ path: String) -> String {
        if path.hasSuffix(".txt") { return "text/plain; charset=utf-8" }
        if path.hasSuffix(".json") { return "application/json" }
        if path.hasSuffix(".html") || path.hasSuffix("/") { return "text/html; charset=utf-8" }
        return "application/octet-stream"
    }
}
