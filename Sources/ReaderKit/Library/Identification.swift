import ReaderPluginAPI

extension Reader {
    /// How lists and links name the document under `key` when it is not stored (`RFC 9293` for
    /// `rfc/9293`): the label of the first module ``Identifier`` whose key template reads it.
    /// (Filled in by the identifier table; until then, nil.)
    public func label(ofKey key: String) -> String? { nil }

    /// The words that open `key` on the command line, shortest first (`793` for `rfc/793`): the
    /// key's identifier written back, else the key itself. (Filled in by the identifier table.)
    public func shorthand(ofKey key: String) -> String { key }
}
