import HTTPTypes
import Hummingbird

/// A page made: its status and its body, HTML or JSON as asked.
struct Answer: Sendable {
    var status: HTTPResponse.Status
    var body: String
    var format: Format

    enum Format: Sendable {
        case html, json

        /// JSON under `/api/`, or when the request asks for JSON and not for HTML (a browser
        /// asks for HTML first).
        init(_ request: Request) {
            let accept = request.headers[.accept] ?? ""
            let wantsJSON = request.uri.path == "/api" || request.uri.path.hasPrefix("/api/")
            self = wantsJSON || (accept.contains("application/json") && !accept.contains("text/html")) ? .json : .html
        }

        var contentType: String {
            switch self {
            case .html: "text/html; charset=utf-8"
            case .json: "application/json; charset=utf-8"
            }
        }
    }

    static func html(_ body: String, status: HTTPResponse.Status = .ok) -> Answer {
        Answer(status: status, body: body, format: .html)
    }

    static func json(_ body: String, status: HTTPResponse.Status = .ok) -> Answer {
        Answer(status: status, body: body, format: .json)
    }
}
