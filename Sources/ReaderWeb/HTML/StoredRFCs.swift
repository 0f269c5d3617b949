/// The RFC numbers the store holds, as the catalog said when a page was made: a reference to
/// one of them is a link that opens at once, to any other a button that fetches it.
struct StoredRFCs: Sendable {
    private var numbers: Set<Int>

    init(keys: some Sequence<String>) {
        numbers = Set(keys.compactMap { key in key.hasPrefix("rfc/") ? Int(key.dropFirst(4)) : nil })
    }

    func contains(_ number: Int) -> Bool { numbers.contains(number) }
}
