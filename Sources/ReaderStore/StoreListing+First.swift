import ReaderCatalog
import ReaderPluginAPI
import ReaderSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `reader cache ls --limit N`: the first N of the listing without reading the rest.
extension Store {
    /// The first `limit` documents of ``list(source:titles:)``: of every source, the keys
    /// `catalog.first` keeps with the journal applied (``CatalogFile/firstKeys(limit:)``);
    /// else the catalog's lines walked once for their keys (and, with `source`, their request
    /// type), in no entry decoded. Only the `limit` chosen are looked up and their blobs' sizes
    /// read. Of a million tweets, the whole listing decodes a million entries and reads the
    /// size of two million files; the walk reads 445 MB; `catalog.first` a few kilobytes.
    package func list(source: String?, limit: Int, titles sources: TitleSources) throws -> [Listed] {
        // Of every source: the keys `catalog.first` keeps, when it can say.
        if source == nil, let keys = try catalog.firstKeys(limit: max(0, limit)), let chosen = try entries(keys, all: true) {
            return listed(chosen.sorted { Self.inListingOrder($0.key, $1.key) }, titles: sources)
        }
        var first = FirstKeys(limit: max(0, limit))
        // The catalog's entries are written with sorted keys and unescaped slashes, so a
        // source's entries hold exactly these bytes.
        let needle = source.map { Array(#""requestType":"#.utf8) + KeyedLines.literal($0) }
        let walked = try catalog.forEachMember { key, entry in
            if let needle, !Self.holds(entry, needle) { return }
            first.offer(key)
        }
        guard walked, let chosen = try entries(first.keys, all: false) else {
            return Array(try list(source: source, titles: sources).prefix(max(0, limit)))
        }
        return listed(chosen.sorted { Self.inListingOrder($0.key, $1.key) }, titles: sources)
    }

    /// The entries of the keys `literals`, each looked up. With `all`, nil when one is not
    /// stored (a `catalog.first` that is wrong: the caller walks the catalog); else one removed
    /// meanwhile is left out.
    private func entries(_ literals: [[UInt8]], all: Bool) throws -> [(key: String, entry: CatalogEntry)]? {
        var chosen: [(key: String, entry: CatalogEntry)] = []
        for literal in literals {
            guard case .string(let key)? = JSONValue(jsonText: String(decoding: literal, as: UTF8.self)),
                let entry = try catalog.entry(key)
            else {
                if all { return nil }
                continue
            }
            chosen.append((key, entry))
        }
        return chosen
    }
}

extension Store {
    /// Whether `bytes` hold `needle`: each of its first byte found by `memchr`, the rest compared.
    fileprivate static func holds(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard let base = bytes.baseAddress, bytes.count >= needle.count else { return false }
        var start = 0
        let last = bytes.count - needle.count
        while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
            let index = base.distance(to: UnsafeRawPointer(found))
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            start = index + 1
        }
        return false
    }
}
