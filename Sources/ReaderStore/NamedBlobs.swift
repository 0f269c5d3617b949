import ReaderCatalog
import ReaderSupport

/// The blobs a catalog names, each as the first 64 bits of its ID, sorted: 8 bytes a blob,
/// where a `Set<BlobID>` of a million documents' two million blobs took 200 MB.
///
/// Two IDs with the same first 64 bits make an unnamed blob look named (for one blob among
/// two million named, a chance of one in 10^13): `gc` then keeps it, and `verify` does not
/// count it as unnamed. Never the other way: a named blob always looks named.
struct NamedBlobs {
    private var prints: [UInt64] = []

    /// The blobs every entry names, every version's, read one entry at a time.
    init(_ catalog: CatalogFile) throws {
        try catalog.forEachEntry { _, entry in for id in entry.blobs { prints.append(Self.print(of: id)) } }
        seal()
    }

    private mutating func seal() {
        prints.sort()
        var unique = 0
        for index in prints.indices where index == 0 || prints[index] != prints[unique - 1] {
            prints[unique] = prints[index]
            unique += 1
        }
        prints.removeLast(prints.count - unique)
    }

    func names(_ id: BlobID) -> Bool {
        let print = Self.print(of: id)
        var low = 0
        var high = prints.count
        while low < high {
            let middle = (low + high) / 2
            if prints[middle] < print { low = middle + 1 } else { high = middle }
        }
        return low < prints.count && prints[low] == print
    }

    /// The first 16 hex digits of the ID as a number.
    private static func print(of id: BlobID) -> UInt64 {
        var value: UInt64 = 0
        for digit in id.hex.utf8.prefix(16) {
            value = value << 4 | UInt64(digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10)
        }
        return value
    }
}
