import ReaderCatalog
import ReaderJSON
import ReaderSupport

/// The store in brief (``Store/Summary``) from one pass over the catalog's lines: each entry's
/// source and fetch time read from its JSON, nothing decoded but the newest few. Decoding every
/// entry took 113 ms for 9,000 documents and 12.7 s for a million tweets, before `reader serve`
/// could show its first page.
struct SummaryWalk {
    private(set) var counts: [String: Int] = [:]
    /// The latest fetch time of each source.
    private(set) var latest: [String: String] = [:]
    /// The newest entries seen (of ``source``, when one is named), newest first: (fetch time, key).
    private(set) var newest: [(fetchedAt: String, key: String)] = []
    let keeping: Int
    let source: String?

    init(keeping: Int, source: String? = nil) {
        self.keeping = max(0, keeping)
        self.source = source
    }

    /// Takes in the entry whose key's literal and JSON the catalog holds.
    mutating func add(literal: UnsafeRawBufferPointer, json: UnsafeRawBufferPointer) throws {
        let (source, fetchedAt) = try Self.sourceAndTime(json)
        counts[source, default: 0] += 1
        if fetchedAt > latest[source] ?? "" { latest[source] = fetchedAt }
        guard keeping > 0, self.source == nil || self.source == source else { return }
        // Most entries are older than the newest kept: their key is never decoded.
        if newest.count == keeping, let last = newest.last, fetchedAt < last.fetchedAt { return }
        let key = try CatalogFile.key(literal)
        let candidate = (fetchedAt: fetchedAt, key: key)
        let at = newest.firstIndex { Self.isNewer(candidate, than: $0) } ?? newest.endIndex
        guard at < keeping else { return }
        newest.insert(candidate, at: at)
        if newest.count > keeping { newest.removeLast() }
    }

    /// The order of ``Store/Summary/recent``: the later fetch first, then the key's order.
    static func isNewer(_ a: (fetchedAt: String, key: String), than b: (fetchedAt: String, key: String)) -> Bool {
        a.fetchedAt != b.fetchedAt ? a.fetchedAt > b.fetchedAt : a.key < b.key
    }

    /// An entry's `requestType` and `fetchedAt`, read from its JSON without decoding the rest.
    static func sourceAndTime(_ json: UnsafeRawBufferPointer) throws -> (String, String) {
        let read = try? JSONReader.scan(json.assumingMemoryBound(to: UInt8.self), from: 0) { reader -> (String, String)? in
            var source: String?
            var fetchedAt: String?
            var more = try reader.openObject()
            while more {
                switch reader.match(try reader.key(), ["fetchedAt", "requestType"]) {
                case 0: fetchedAt = try reader.string()
                case 1: source = try reader.string()
                default: try reader.skipValue()
                }
                if let source, let fetchedAt { return (source, fetchedAt) }
                more = try reader.nextMember()
            }
            return nil
        }
        guard let read else {
            throw ReaderError.damaged(what: "catalog.json", reason: "an entry without its source or fetch time")
        }
        return read
    }
}
