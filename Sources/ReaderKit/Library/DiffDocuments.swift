import ReaderRendering

extension Reader {
    /// `reader diff A B`: the two documents opened as `reader open` opens them (from the store;
    /// fetched first when absent unless offline; a file parsed) and compared section by
    /// section, then word by word (``DocumentDiff``).
    public func diff(_ a: Request, _ b: Request) async throws -> DocumentDiff {
        let left = try await open(a).document
        let right = try await open(b).document
        return DocumentDiff(a: left, b: right)
    }
}

extension Reader {
    /// Two stored documents compared, never fetched (the site's `/diff`: a GET must not touch
    /// the network); ``ReaderError/notInStore(key:)`` for one not stored.
    public func diffStored(_ a: String, _ b: String) async throws -> DocumentDiff {
        let left = try await openStored(key: a).document
        let right = try await openStored(key: b).document
        return DocumentDiff(a: left, b: right)
    }
}
