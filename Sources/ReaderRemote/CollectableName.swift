/// The names `gc --remote` may ever delete, relative to the prefix: only objects of the shapes
/// reader itself writes there, each checked character by character. A list or a listing that
/// names anything else — the root, `../victim/…`, a key with `%2F` or a NUL — names something
/// that is not ours to remove: a list is then refused whole (a hostile or damaged root), and a
/// listed key left alone.
enum CollectableName {
    /// `objects/ab/<62 hex>`, `catalog/segments/<64 hex>.jsonl`, `catalog/gc/<64 hex>.txt`,
    /// `catalog/probes/<token>` (the base-36 token a push's probe is named by).
    static func isCollectable(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        if let rest = bytes.dropping(prefix: "objects/") {
            return rest.count == 65 && rest[rest.startIndex + 2] == UInt8(ascii: "/")
                && isHex(rest.prefix(2)) && isHex(rest.dropFirst(3))
        }
        if let rest = bytes.dropping(prefix: "catalog/segments/") {
            return rest.count == 64 + 6 && rest.suffix(6).elementsEqual(".jsonl".utf8) && isHex(rest.prefix(64))
        }
        if let rest = bytes.dropping(prefix: "catalog/gc/") {
            return rest.count == 64 + 4 && rest.suffix(4).elementsEqual(".txt".utf8) && isHex(rest.prefix(64))
        }
        if let rest = bytes.dropping(prefix: "catalog/probes/") {
            return (1...13).contains(rest.count)
                && rest.allSatisfy {
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                }
        }
        return false
    }

    /// Lower-case hexadecimal digits only, as a SHA-256 is written.
    private static func isHex(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}

extension Array where Element == UInt8 {
    /// The bytes after `prefix`, when they begin with it.
    fileprivate func dropping(prefix: String) -> ArraySlice<UInt8>? {
        let start = Array(prefix.utf8)
        guard starts(with: start) else { return nil }
        return self[start.count...]
    }
}
