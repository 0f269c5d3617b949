import HTTPTypes
import Hummingbird
import ReaderKit

/// `POST /tag` (`key`, `add` or `remove`) and `POST /mark` (`key`, `mark`: read, unread,
/// starred, unstarred): a person's tags and read state set from a document's page
/// (``KeepForms``). Guarded exactly as `POST /note` and `POST /fetch`: another site's page is
/// refused (``Site/crossSiteRefusal(_:doing:)``), the form must carry this process's
/// ``ActionToken``. Each writes records of the store as `reader tag` and `reader mark` do,
/// refused whole (a tag with a space, a control character, past 64 characters) with one line
/// and nothing stored; never a fetch, so `--offline` allows them.
extension Site {
    /// The most a tag or mark form may carry: a tag far past its limit, percent-encoded, and
    /// the rest. A longer body is refused before it is read whole.
    static let keepFormBytes = 16 << 10

    func setTag(_ request: Request) async throws -> Response {
        try await keep(request, doing: "tag a document") { [reader] key, fields in
            let add = fields["add"].map { [$0] } ?? []
            let remove = fields["remove"].map { [$0] } ?? []
            guard !add.isEmpty || !remove.isEmpty else { throw ReaderError.usage("say which tag to add or remove: add=… or remove=…") }
            _ = try reader.tag(key, adding: add, removing: remove)
        }
    }

    func setMark(_ request: Request) async throws -> Response {
        try await keep(request, doing: "mark a document") { [reader] key, fields in
            _ = try reader.mark(key, fields["mark"] ?? "")
        }
    }

    /// The guard, the form read, `write` run on the stored document `key`; back to its page.
    private func keep(
        _ request: Request, doing: String, write: @escaping @Sendable (String, FormFields) throws -> Void
    ) async throws -> Response {
        let (fields, key): (FormFields, String)
        switch await postedForm(
            request, doing: doing, limit: Self.keepFormBytes, tooLarge: "A tag is at most \(AnnotationRecord.maxTagLength) characters.",
            missingKey: "Say which document: key=….")
        {
        case .refused(let response): return response
        case .accepted(let posted, let named): (fields, key) = (posted, named)
        }
        do {
            guard try reader.entry(key) != nil else { throw ReaderError.notInStore(key: key) }
            try await Site.blocking { try write(key, fields) }
        } catch {
            let (status, message) = ErrorPage.describe(error)
            return refusal(request, message, status)
        }
        return redirect(to: names.path(ofKey: key))
    }
}
