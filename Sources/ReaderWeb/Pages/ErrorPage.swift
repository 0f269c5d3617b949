import HTTPTypes
import Hummingbird
import ReaderKit

/// What a page says when it cannot be made: the engine's one line (the same words `reader`
/// prints), with the status that fits, as HTML or as `{"error": …}`.
enum ErrorPage {
    static func answer(_ error: any Error, format: Answer.Format, context: PageContext?) -> Answer {
        let (status, message) = describe(error)
        return answer(message, status: status, format: format, context: context)
    }

    static func answer(_ message: String, status: HTTPResponse.Status, format: Answer.Format, context: PageContext?) -> Answer {
        switch format {
        case .json:
            let body = (try? JSONRenderer.line(["error": message])) ?? "{}"
            return .json(body, status: status)
        case .html:
            let layout =
                context?.layout(status.reasonPhrase)
                ?? Layout(title: status.reasonPhrase, token: ActionToken(), offline: true)
            let page = layout.page { html in
                html.element("h1", text: status.reasonPhrase)
                html.element("p", [("class", "error")], text: message)
                html.raw("<p><a href=\"/\">Home</a></p>")
            }
            return .html(page, status: status)
        }
    }

    /// The page as an answer of its own, for what never reached a page's maker.
    static func response(_ message: String, status: HTTPResponse.Status, format: Answer.Format) -> Response {
        let answer = answer(message, status: status, format: format, context: nil)
        return Response(
            status: status, headers: [.contentType: answer.format.contentType, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: answer.body)))
    }

    static func describe(_ error: any Error) -> (HTTPResponse.Status, String) {
        guard let error = error as? ReaderError else { return (.internalServerError, "the page could not be made") }
        let status: HTTPResponse.Status =
            switch error.exitCode {
            case 3: .notFound
            case 4: .badGateway
            case 64: .badRequest
            case 130: .serviceUnavailable
            default: .internalServerError
            }
        return (status, error.description)
    }
}
