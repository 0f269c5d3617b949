import ReaderKit

/// Pads the catalog of `store` to `count` entries with copies of one of its entries under
/// other keys, so that the whole-process benchmark can open RFC 793 from a store of 10 and
/// of 10,000 entries and compare.
func fillCatalog(store root: String, to count: Int) throws {
    let catalog = Store(root: root).catalog
    let existing = try catalog.read().entries
    guard let model = existing["rfc/793"] ?? existing.values.first else {
        throw BenchError("fill-catalog: \(root) has no entry to copy; fetch something first")
    }
    let missing = max(0, count - existing.count)
    for start in stride(from: 0, to: missing, by: 1000) {
        let batch = (start..<min(missing, start + 1000)).map { index in
            (key: "https://example.org/filler/\(index)", entry: Optional(model))
        }
        try catalog.record(contentsOf: batch)
    }
    try catalog.compact()
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
