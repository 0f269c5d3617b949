import HTTPTypes
import Hummingbird
import ReaderKit

/// `POST /fetch` (`TYPE=ARGUMENT`, `rfc=793`: a request type and an argument a module's
/// identifier reads, never a URL nor anything else): the one thing the site changes, and only when asked from its own
/// pages — the form must carry this process's ``ActionToken``; a browser's `Sec-Fetch-Site`,
/// when sent, must be `same-origin`, and its `Origin`, when sent, must be this server (`null`,
/// which a sandboxed frame or a `data:` page sends, is refused). The pages' `Referrer-Policy:
/// same-origin` is what makes Chromium send the real origin with the site's own form: under
/// `no-referrer` it sent `null`, and every fetch button was refused (issue 27). A GET never
/// fetches, so neither a link nor a prefetch can.
extension Site {
    /// The answer refusing `request` with `message`, in the format it asked for.
    func refusal(_ request: Request, _ message: String, _ status: HTTPResponse.Status) -> Response {
        let answer = ErrorPage.answer(message, status: status, format: format(of: request, nil), context: nil)
        return Response(
            status: status, headers: [.contentType: answer.format.contentType], body: .init(byteBuffer: ByteBuffer(string: answer.body)))
    }

    /// The refusal of a POST that another site's page asked for (`doing`: "fetch"), nil when its
    /// `Sec-Fetch-Site` and `Origin`, where sent, say it came from this server's own pages. The
    /// form's ``ActionToken`` is checked once its body is read.
    func crossSiteRefusal(_ request: Request, doing: String) -> Response? {
        let sameOrigin =
            (request.headers[Self.secFetchSite].map { $0.lowercased() == "same-origin" } ?? true)
            && (request.headers[.origin].map { OwnAddress.allows(origin: $0, boundName: settings.host, port: port) } ?? true)
        return sameOrigin ? nil : refusal(request, "A page of another site asked this server to \(doing): refused.", .forbidden)
    }

    func fetch(_ request: Request) async throws -> Response {
        func refuse(_ message: String, _ status: HTTPResponse.Status) -> Response { refusal(request, message, status) }
        guard !settings.offline else { return refuse("This server was started with --offline: it fetches nothing.", .forbidden) }
        if let refused = crossSiteRefusal(request, doing: "fetch") { return refused }
        let body = try await request.body.collect(upTo: 4096)
        let fields = FormFields(String(buffer: body))
        guard token.matches(fields["token"]) else {
            return refuse("This form is from another run of reader serve: reload the page and try again.", .forbidden)
        }
        // The first field that is a request type an identifier reads, with an argument it reads.
        let names = names
        let fetchable = Set(names.forms.map(\.identifier.requestType)).sorted()
        guard
            let (type, argument, key) = fetchable.lazy.compactMap({ type -> (String, String, String)? in
                guard let argument = fields[type], let key = names.key(requestType: type, argument: argument),
                    let field = names.fetchField(ofKey: key)
                else { return nil }
                return (type, field.value, key)
            }).first
        else {
            return refuse("Say what to fetch: " + fetchable.map { "\($0)=…" }.joined(separator: " or ") + ".", .badRequest)
        }
        do {
            try await reader.fetch(.source(type: type, argument: argument))
        } catch {
            let (status, message) = ErrorPage.describe(error)
            return refuse(message, status)
        }
        return redirect(to: names.path(ofKey: key))
    }

    /// Fetch Metadata: where the browser says the request comes from (`same-origin`,
    /// `same-site`, `cross-site`, `none`).
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

}
