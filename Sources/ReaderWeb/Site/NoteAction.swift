import HTTPTypes
import Hummingbird
import ReaderKit

/// `POST /note` (`key`, `quote`, `text`, `section`): a note on a stored document, from the
/// form under it. Guarded exactly as `POST /fetch` (``Site/fetch(_:)``): this process's
/// ``ActionToken``, `Sec-Fetch-Site: same-origin` when sent, this server's `Origin` when sent.
/// It writes one record of the store (``Reader/addNote(to:section:quote:text:)``), refused
/// whole as `reader note` refuses it; never a fetch, so `--offline` allows it.
extension Site {
    /// The most a note's form may carry: a note's text and its quote, percent-encoded.
    static let noteFormBytes = 3 * (AnnotationRecord.maxTextBytes + AnnotationRecord.maxQuoteBytes) + 4096

    func addNote(_ request: Request) async throws -> Response {
        let (fields, key): (FormFields, String)
        switch await postedForm(
            request, doing: "write a note", limit: Self.noteFormBytes,
            tooLarge: "A note is at most \(AnnotationRecord.maxTextBytes / 1024) KiB of text.",
            missingKey: "Say which document the note is on: key=….")
        {
        case .refused(let response): return response
        case .accepted(let posted, let named): (fields, key) = (posted, named)
        }
        let quote = fields["quote"].flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        let section = fields["section"].flatMap { $0.isEmpty ? nil : $0 }
        let note: Note
        do {
            guard try reader.entry(key) != nil else { throw ReaderError.notInStore(key: key) }
            note = try await reader.addNote(to: key, section: section, quote: quote, text: fields["text"] ?? "")
        } catch {
            let (status, message) = ErrorPage.describe(error)
            return refusal(request, message, status)
        }
        return redirect(to: names.path(ofKey: note.key))
    }
}
