import HTTPTypes
import Hummingbird

/// A form one of this site's pages posts about a stored document (`/note`, `/tag`, `/mark`),
/// past the guard every such POST shares: another site's page refused
/// (``Site/crossSiteRefusal(_:doing:)``), the body read within its bound, this process's
/// ``ActionToken``, and the document's `key`. Either the fields and the key, or the refusal.
enum PostedForm {
    case accepted(FormFields, key: String)
    case refused(Response)
}

extension Site {
    /// `limit`: the most the body may carry (past it, `tooLarge` answers, before it is read
    /// whole); `missingKey`: what to say when the form names no document.
    func postedForm(_ request: Request, doing: String, limit: Int, tooLarge: String, missingKey: String) async -> PostedForm {
        if let refused = crossSiteRefusal(request, doing: doing) { return .refused(refused) }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            return .refused(refusal(request, tooLarge, .contentTooLarge))
        }
        let fields = FormFields(String(buffer: body))
        guard token.matches(fields["token"]) else {
            return .refused(refusal(request, "This form is from another run of reader serve: reload the page and try again.", .forbidden))
        }
        guard let key = fields["key"], !key.isEmpty else { return .refused(refusal(request, missingKey, .badRequest)) }
        return .accepted(fields, key: key)
    }
}
