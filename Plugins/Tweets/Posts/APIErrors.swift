/// The error bodies the X API answers with instead of tweets, as one line each.
enum APIErrors {
    /// The message of an error body: v1.1 `{"errors": [{"code", "message"}]}`, the older
    /// `{"error": "…"}`, a v2 problem `{"title", "detail", "type"}`, or v2 `errors` without
    /// `data`. Nil when `response` is not one.
    static func message(_ response: [String: JSON]) -> String? {
        if let title = response["title"]?.text, response["detail"] != nil || response["type"] != nil {
            var message = "X API error: \(title)"
            if let detail = response["detail"]?.nonEmptyText { message += ": \(detail)" }
            let causes = (response["errors"]?.array ?? []).compactMap(describe)
            if !causes.isEmpty { message += " (\(causes.joined(separator: "; ")))" }
            return message
        }
        if let errors = response["errors"]?.array, !errors.isEmpty, response["data"] == nil {
            let lines = errors.compactMap { error -> String? in
                guard let text = describe(error) else { return nil }
                if let code = error["code"]?.text { return "X API error \(code): \(text)" }
                return "X API error: \(text)"
            }
            return lines.isEmpty ? "X API error" : lines.joined(separator: "; ")
        }
        if let error = response["error"]?.nonEmptyText {
            return "X API error: \(error)"
        }
        return nil
    }

    /// The notes for a v2 partial error: `errors` beside the `data` that did come.
    static func partialErrorNotes(_ response: [String: JSON]) -> [String] {
        guard response["data"] != nil else { return [] }
        return (response["errors"]?.array ?? []).compactMap { describe($0).map { "X API: \($0)" } }
    }

    /// One error object's words: v2 `detail`, v1.1 `message`, or a bare `title`.
    private static func describe(_ error: JSON) -> String? {
        if let text = error.text { return text }
        return error["detail"]?.nonEmptyText ?? error["message"]?.nonEmptyText ?? error["title"]?.nonEmptyText
    }
}
