/// A member read where its writer said it is, rather than from the start of its object: an
/// index entry keeps the offsets of its title and authors in its fields' JSON text, and reads
/// them from there when asked.
extension JSONReader {
    /// Whether the reader is at the value of member `key`, written just before as `{"key":` or
    /// `,"key":`: text that says so, whatever the offset it was found by.
    package func isAtValue(of key: StaticString) -> Bool {
        let keyStart = index - key.utf8CodeUnitCount - 2
        guard keyStart >= 2, index < bytes.count, bytes[index - 1] == UInt8(ascii: ":"),
            bytes[index - 2] == UInt8(ascii: "\""), bytes[keyStart - 1] == UInt8(ascii: "\""),
            bytes[keyStart - 2] == UInt8(ascii: "{") || bytes[keyStart - 2] == UInt8(ascii: ",")
        else { return false }
        for offset in 0..<key.utf8CodeUnitCount where bytes[keyStart + offset] != key.utf8Start[offset] { return false }
        return true
    }

    /// Calls `body` with the bytes of the string here or, for an `array`, of each string of the
    /// array here, while each needs no decoding (no escapes), as nearly every title and name is
    /// written: they can be copied as they are. False at the first value that does not.
    package mutating func forEachPlainString(array: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        do {
            guard array else { return try plainString(body) }
            guard peek == UInt8(ascii: "[") else { return false }
            guard try openArray() else { return true }
            repeat {
                guard try plainString(body) else { return false }
            } while try nextElement()
            return true
        } catch {
            return false
        }
    }

    private mutating func plainString(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws -> Bool {
        guard try next("a string") == UInt8(ascii: "\"") else { return false }
        let start = index + 1
        guard try stringBytes() else { return false }
        body(UnsafeBufferPointer(rebasing: bytes[start..<index - 1]))
        return true
    }
}
