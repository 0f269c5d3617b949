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
    /// The first `limit` documents of ``list(source:titles:)``: the catalog's lines walked once
    /// for their keys (and, with `source`, their request type), in no entry decoded, and only
    /// the `limit` chosen looked up and their blobs' sizes read. Of a million tweets, the
    /// whole listing decodes a million entries and reads the size of two million files.
    package func list(source: String?, limit: Int, titles sources: TitleSources) throws -> [Listed] {
        var first = FirstKeys(limit: max(0, limit))
        // The catalog's entries are written with sorted keys and unescaped slashes, so a
        // source's entries hold exactly these bytes.
        let needle = source.map { Array(#""requestType":"#.utf8) + KeyedLines.literal($0) }
        let walked = try catalog.forEachMember { key, entry in
            if let needle, !Self.holds(entry, needle) { return }
            first.offer(key)
        }
        guard walked else { return Array(try list(source: source, titles: sources).prefix(max(0, limit))) }
        var chosen: [(key: String, entry: CatalogEntry)] = []
        for literal in first.keys {
            guard case .string(let key)? = JSONValue(jsonText: String(decoding: literal, as: UTF8.self)),
                let entry = try catalog.entry(key)
            else { continue }
            chosen.append((key, entry))
        }
        chosen.sort { $0.key.compare($1.key, options: .numeric) == .orderedAscending }
        let titles = shownTitles(chosen.map { ($0.key, $0.entry.title) }, sources: sources)
        return chosen.map { key, entry in
            listedDocument(key, entry, title: titles[key] ?? entry.title)
        }
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

/// The `limit` least keys offered, in the listing's number order (`rfc/972` before
/// `rfc/9711`: runs of digits compared as numbers), kept sorted; a key past the last kept
/// costs one comparison.
struct FirstKeys {
    let limit: Int
    private(set) var keys: [[UInt8]] = []

    init(limit: Int) { self.limit = limit }

    mutating func offer(_ key: UnsafeRawBufferPointer) {
        guard limit > 0 else { return }
        if keys.count == limit {
            guard let last = keys.last, last.withUnsafeBytes({ Self.precedes(key, $0) }) else { return }
            keys.removeLast()
        }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].withUnsafeBytes({ Self.precedes($0, key) }) { low = middle + 1 } else { high = middle }
        }
        keys.insert(Array(key), at: low)
    }

    /// Number order over bytes: a run of digits against a run of digits by its value (its
    /// length once leading zeros are left out, then its digits), anything else byte by byte.
    /// The bytes both share are skipped first, back to the start of a run of digits they end
    /// in: keys walked in the catalog's order share most of their bytes with the last kept.
    static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        var i = sharedLength(a, b)
        while i > 0 && isDigit(a[i - 1]) { i -= 1 }
        var j = i
        while i < a.count && j < b.count {
            let x = a[i]
            let y = b[j]
            guard isDigit(x) && isDigit(y) else {
                if x != y { return x < y }
                i += 1
                j += 1
                continue
            }
            var endA = i
            while endA < a.count && isDigit(a[endA]) { endA += 1 }
            var endB = j
            while endB < b.count && isDigit(b[endB]) { endB += 1 }
            while i < endA - 1 && a[i] == UInt8(ascii: "0") { i += 1 }
            while j < endB - 1 && b[j] == UInt8(ascii: "0") { j += 1 }
            if endA - i != endB - j { return endA - i < endB - j }
            while i < endA {
                if a[i] != b[j] { return a[i] < b[j] }
                i += 1
                j += 1
            }
        }
        return a.count - i < b.count - j
    }

    /// How many bytes `a` and `b` start with alike, eight at a time while they last: a million
    /// keys of 46 bytes, each sharing about 40 with the last kept, spent a fifth of `cache ls
    /// --limit 20` comparing them byte by byte.
    private static func sharedLength(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let shared = min(a.count, b.count)
        var i = 0
        while i + 8 <= shared {
            let x = a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let y = b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if x != y { return i + (x ^ y).littleEndian.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < shared && a[i] == b[i] { i += 1 }
        return i
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
