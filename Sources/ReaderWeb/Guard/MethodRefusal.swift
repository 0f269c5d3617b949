import HTTPTypes
import Hummingbird

/// The answer to a request whose method the page does not take: 405 with the `Allow` header
/// naming what it does take (RFC 9110 §15.5.6), as the site's own error page. Hummingbird's
/// router answers 404 to a known address asked with an unknown method, which tells a client
/// that the page is not there.
enum MethodRefusal {
    /// The methods a client may send that change or ask about state, refused where a page
    /// does not take them. HEAD is answered wherever GET is (`Routes.swift`).
    static func others(than taken: HTTPRequest.Method) -> [HTTPRequest.Method] {
        [.get, .post, .put, .delete, .patch].filter { $0 != taken }
    }

    static func response(_ request: Request, allow: String) -> Response {
        var response = ErrorPage.response(
            "This page does not answer \(request.method.rawValue) requests; it answers \(allow).", status: .methodNotAllowed,
            format: Answer.Format(request))
        response.headers[.allow] = allow
        return response
    }
}
