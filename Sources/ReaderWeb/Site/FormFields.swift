/// The fields of a query string or of a form's body (`application/x-www-form-urlencoded`):
/// `+` is a space and `%XX` a byte, as browsers send a form. Bytes that are not UTF-8 become
/// U+FFFD, never an error: a hand-made URL gets a page, not a failure.
struct FormFields: Sendable {
    private var fields: [(name: String, value: String)] = []

    init(_ encoded: String?) {
        guard let encoded else { return }
        for pair in encoded.utf8.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            fields.append((Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : ""))
        }
    }

    /// The first value of `name`; nil when absent or empty (an empty box of a form means no
    /// filter).
    subscript(_ name: String) -> String? {
        guard let value = fields.first(where: { $0.name == name })?.value, !value.isEmpty else { return nil }
        return value
    }

    static func decode(_ bytes: Substring.UTF8View) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = hex(bytes, at: index),
                let low = hex(bytes, at: bytes.index(after: index))
            {
                out.append(high << 4 | low)
                index = bytes.index(index, offsetBy: 2)
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ bytes: Substring.UTF8View, at index: Substring.UTF8View.Index) -> UInt8? {
        guard index != bytes.endIndex else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return bytes[index] - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return bytes[index] - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return bytes[index] - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
