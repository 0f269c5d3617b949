/// A request to the object storage that did not do what was asked.
public enum StorageFailure: Error, Sendable {
    /// The server answered with an error status; `code` and `message` come from its error
    /// document (`<Error><Code>AccessDenied</Code>…`) and are the server's words: untrusted
    /// text, to be sanitized before it reaches a terminal.
    case refused(key: String, status: Int, code: String?, message: String?)
    /// No answer: the connection failed, timed out or closed early.
    case transport(key: String, underlying: any Error)
    /// An answer that is not what S3 sends (a listing that does not parse, a body too large).
    case malformed(key: String, reason: String)

    /// The object key the request was about.
    public var key: String {
        switch self {
        case .refused(let key, _, _, _), .transport(let key, _), .malformed(let key, _): key
        }
    }

    /// The status and the server's code, in words, with what to do for the usual refusals.
    /// Nil for a transport failure: the caller describes its underlying error.
    public var reason: String? {
        switch self {
        case .refused(_, let status, let code, let message):
            var text = "HTTP \(status)"
            if let code { text += " \(code)" }
            if let message, !message.isEmpty { text += ": \(message)" }
            switch (status, code) {
            case (403, _), (_, "InvalidAccessKeyId"), (_, "SignatureDoesNotMatch"):
                text += " (check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY or AWS_PROFILE, and that they may use this bucket)"
            case (_, "NoSuchBucket"):
                text += " (create the bucket first, or check the remote's name and AWS_ENDPOINT_URL_S3)"
            case (301, _), (_, "PermanentRedirect"), (_, "AuthorizationHeaderMalformed"):
                text += " (the bucket is in another region: set AWS_REGION)"
            default:
                break
            }
            return text
        case .transport:
            return nil
        case .malformed(_, let reason):
            return reason
        }
    }
}
