import HTTPTypes
import Hummingbird

/// Headers every answer carries. The Content-Security-Policy allows only this server's own
/// stylesheet, script and images, no frames, no inline script and no form posting elsewhere:
/// were a document's text ever to reach a page unescaped, the browser would still run none
/// of it and load nothing from the network.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var policy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }

    /// A stored picture's own policy: nothing at all may run or load, and an SVG opened by
    /// itself is a sandboxed document (no script, no same origin). Pages show pictures only
    /// through `<img>`, where a browser runs no script of an SVG and loads nothing it names.
    static var picturePolicy: String { "default-src 'none'; style-src 'unsafe-inline'; sandbox" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError {
            // No route (404), or one without this method (405): the site's own page, which
            // carries these headers like any other.
            let message = error.status == .notFound ? "There is no such page here." : "This page does not answer that request."
            response = ErrorPage.response(message, status: error.status, format: Answer.Format(request))
        }
        // A stored picture brings its stricter own (``picturePolicy``).
        if response.headers[.contentSecurityPolicy] != Self.picturePolicy { response.headers[.contentSecurityPolicy] = Self.policy }
        response.headers[.xContentTypeOptions] = "nosniff"
        for (name, value) in MoreHeaders.all { response.headers[name] = value }
        // The router answers HEAD for every page as GET does (`Routes.swift`); this one is
        // for the pages no route answers: their headers, never a body.
        if request.method == .head { response = response.createHeadResponse() }
        return response
    }

}

/// Names HTTPTypes does not define: pages are never framed and never name themselves to the
/// sites their links lead to (`same-origin`: a link elsewhere carries no `Referer`, while the
/// site's own form carries its real `Origin`; `no-referrer` made Chromium send `Origin: null`,
/// which ``Site/fetch(_:)`` must refuse).
private enum MoreHeaders {
    static let all: [(HTTPField.Name, String)] = [
        ("Referrer-Policy", "same-origin"), ("X-Frame-Options", "DENY"), ("Cross-Origin-Opener-Policy", "same-origin"),
    ].compactMap { name, value in HTTPField.Name(name).map { ($0, value) } }
}
