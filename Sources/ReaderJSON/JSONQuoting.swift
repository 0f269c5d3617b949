/// JSON's output rules in one place: how a string is quoted and escaped, and how a whole number
/// is written. ``JSONWriter`` writes with them; so does the RFC index module, which writes its
/// entries' fields into a buffer of its own, a few bytes at a time.
///
/// The escapes are `JSONValue.jsonText`'s, which stored entries are compared by: `"`, `\`,
/// `\n`, `\r`, `\t`, the other control characters as `\u001f` (lower-case hex), nothing else.
package enum JSONQuoting {
    /// Writes `utf8` in quotes, escaped, at `to`, which has room for `2 + 6 * utf8.count` bytes;
    /// returns how many bytes it wrote. With `asciiOnly`, writes nothing certain and returns nil
    /// at the first byte that is not ASCII.
    @inline(__always)
    package static func quote(_ utf8: UnsafeBufferPointer<UInt8>, asciiOnly: Bool, at to: UnsafeMutablePointer<UInt8>) -> Int? {
        to[0] = UInt8(ascii: "\"")
        var count = 1
        var index = 0
        let end = utf8.count
        if let from = utf8.baseAddress {
            // Whether the eight bytes before `index` were copied as they are.
            var copiedWord = false
            while index < end {
                // Eight bytes at a time while none needs a look of its own.
                let left = end - index
                if left >= 8 {
                    let word = UnsafeRawPointer(from + index).loadUnaligned(as: UInt64.self)
                    if isPlainASCII(word) {
                        UnsafeMutableRawPointer(to + count).storeBytes(of: word, as: UInt64.self)
                        count += 8
                        index += 8
                        copiedWord = true
                        continue
                    }
                } else if copiedWord {
                    // The last eight bytes, overlapping the word copied just before.
                    let word = UnsafeRawPointer(from + end - 8).loadUnaligned(as: UInt64.self)
                    if isPlainASCII(word) {
                        UnsafeMutableRawPointer(to + count - (8 - left)).storeBytes(of: word, as: UInt64.self)
                        count += left
                        break
                    }
                }
                copiedWord = false
                let byte = from[index]
                index += 1
                if byte >= 0x80 {
                    if asciiOnly { return nil }
                    to[count] = byte
                    count += 1
                } else if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    to[count] = byte
                    count += 1
                } else {
                    count += escape(byte, at: to + count)
                }
            }
        }
        to[count] = UInt8(ascii: "\"")
        return count + 1
    }

    /// Whether none of the eight bytes is outside ASCII, a control character, `"` or `\`.
    /// Each test leaves a byte's high bit set where it hits; no carry crosses bytes, because
    /// every byte is below 0x80 once the first test passes.
    @inline(__always) private static func isPlainASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        let control = ~(word &+ 0x6060_6060_6060_6060)
        let quote = ~((word ^ 0x2222_2222_2222_2222) &+ 0x7F7F_7F7F_7F7F_7F7F)
        let backslash = ~((word ^ 0x5C5C_5C5C_5C5C_5C5C) &+ 0x7F7F_7F7F_7F7F_7F7F)
        return (control | quote | backslash) & high == 0
    }

    /// The escape of `byte` (a control character, `"` or `\`) at `to`; how many bytes it took.
    private static func escape(_ byte: UInt8, at to: UnsafeMutablePointer<UInt8>) -> Int {
        to[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): to[1] = byte
        case 0x0A: to[1] = UInt8(ascii: "n")
        case 0x0D: to[1] = UInt8(ascii: "r")
        case 0x09: to[1] = UInt8(ascii: "t")
        default:
            let hex: StaticString = "0123456789abcdef"
            to[1] = UInt8(ascii: "u")
            to[2] = UInt8(ascii: "0")
            to[3] = UInt8(ascii: "0")
            to[4] = hex.utf8Start[Int(byte >> 4)]
            to[5] = hex.utf8Start[Int(byte & 0x0F)]
            return 6
        }
        return 2
    }

    /// The decimal digits of `value` at `to` (room for 20 bytes); how many were written.
    @inline(__always)
    package static func digits(_ value: Int, at to: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        if value < 0 {
            to[0] = UInt8(ascii: "-")
            count = 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        count += digits
        var index = count
        repeat {
            index -= 1
            to[index] = 0x30 + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return count
    }
}
