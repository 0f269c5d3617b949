extension CatalogEntry {
    /// Of two entries for one key, the one to keep: the newer fetch (the later `fetchedAt`,
    /// ISO 8601 in UTC, which sorts as text); on a tie, the greater document blob, so that
    /// everyone who merges the same two entries keeps the same one. The one rule wherever two
    /// catalogs meet: a push, a pull, a merge of the remote catalog's segments.
    public static func newerFetch(_ a: CatalogEntry, _ b: CatalogEntry) -> CatalogEntry {
        if a.fetchedAt != b.fetchedAt { return a.fetchedAt > b.fetchedAt ? a : b }
        if a.document != b.document { return a.document > b.document ? a : b }
        return a.raw >= b.raw ? a : b
    }

    /// Whether `other` should replace this entry: it is a newer fetch, not the same one, or
    /// it knows versions this entry lacks (the two are then ``merged(_:_:)``).
    public func isReplaced(by other: CatalogEntry) -> Bool {
        other != self && Self.merged(self, other) != self
    }
}
