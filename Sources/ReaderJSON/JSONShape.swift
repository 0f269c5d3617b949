/// The shape of JSON bytes, taken one byte at a time and in pieces cut anywhere, without
/// building any value: how deep the nesting is, whether a byte is inside a string, and the
/// member names of the outermost object. What the engine's quick looks into stored JSON share —
/// the keys of an entry's fields (`ReaderRendering/TopLevelKeys.swift`), the entries of a
/// document as its blob inflates (`ReaderStore/EntryStream.swift`). It trusts the bytes to be
/// JSON: the values these looks find are decoded by ``JSONReader``, which does not. Beside the
/// reader because it is the reader's grammar, seen a byte at a time.
package struct JSONShape {
    /// Objects and arrays open around the last byte taken.
    package private(set) var depth = 0
    private var inString = false
    private var escaped = false
    private var expectingKey = false
    private var readingKey = false
    /// The last member name of the outermost object, as written (escapes left as they are).
    package private(set) var key: [UInt8] = []

    package init() {}

    package enum Event: Equatable {
        case none
        /// `{` or `[`; ``depth`` counts it.
        case opened
        /// `}` or `]`; ``depth`` no longer counts it.
        case closed
        /// The closing quote of a member name of the outermost object, now in ``key``.
        case keyEnded
        /// A `:` or `,` outside strings.
        case colon, comma
    }

    package mutating func take(_ byte: UInt8) -> Event {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if readingKey {
                    readingKey = false
                    return .keyEnded
                }
                return .none
            }
            if readingKey { key.append(byte) }
            return .none
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
            if expectingKey {
                readingKey = true
                expectingKey = false
                key.removeAll(keepingCapacity: true)
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            expectingKey = depth == 1 && byte == UInt8(ascii: "{")
            return .opened
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            return .closed
        case UInt8(ascii: ":"):
            return .colon
        case UInt8(ascii: ","):
            expectingKey = depth == 1
            return .comma
        default:
            break
        }
        return .none
    }
}
