import Hummingbird
import ReaderKit

extension Site {
    /// A document page a person was shown (a GET for HTML that found it) is an open, noted in
    /// the store's ``ReadsJournal`` as `reader open` notes one: the home page's "Recently
    /// read". Noted after the answer is made, and for a page kept from before as well.
    func noteRead(_ key: String, _ request: Request, _ forced: Answer.Format?, _ response: Response) async -> Response {
        guard request.method == .get, response.status == .ok, format(of: request, forced) == .html else { return response }
        let reader = reader
        _ = try? await Site.blocking { reader.noteOpened(key) }
        return response
    }
}
