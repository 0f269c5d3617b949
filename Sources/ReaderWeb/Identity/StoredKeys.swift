/// Which keys the store holds, asked of the catalog key by key (a search of its sorted lines
/// and of the journal), not held: a set of every key took the whole catalog's reading before
/// the first page, and a hundred megabytes for a million documents. Tests name theirs.
struct StoredKeys: Sendable, ExpressibleByArrayLiteral {
    private let test: @Sendable (String) -> Bool

    init(_ test: @escaping @Sendable (String) -> Bool) {
        self.test = test
    }

    init(arrayLiteral keys: String...) {
        let keys = Set(keys)
        test = { keys.contains($0) }
    }

    func contains(_ key: String) -> Bool { test(key) }
}
