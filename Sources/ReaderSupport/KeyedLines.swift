import ReaderPluginAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON object written one member per line, sorted by the bytes of each key as written:
///
/// ```
/// {"version":1,"entries":{
/// "rfc-index":{…},
/// "rfc/793":{…}
/// }}
/// ```
///
/// It is plain JSON for anyone else, and for us a table in which one key is found by binary
/// search over lines — the way git reads `packed-refs` — without decoding the rest.
package enum KeyedLines {
    package static let footer: [UInt8] = Array("}}\n".utf8)
    private static let colon: [UInt8] = [UInt8(ascii: ":")]
    private static let commaNewline: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\n")]
    private static let newline: [UInt8] = [UInt8(ascii: "\n")]

    /// A member: its key as a JSON string literal, and its value as JSON text.
    package struct Member {
        package var key: [UInt8]
        package var value: [UInt8]

        package init(key: [UInt8], value: [UInt8]) {
            self.key = key
            self.value = value
        }
    }

    /// The key as it is written in the file: a JSON string literal.
    package static func literal(_ key: String) -> [UInt8] {
        Array(JSONValue.string(key).jsonText.utf8)
    }

    package static func encode(header: [UInt8], _ members: [Member]) -> [UInt8] {
        let sorted = members.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var out = header
        out.reserveCapacity(header.count + sorted.reduce(footer.count) { $0 + $1.key.count + $1.value.count + 3 })
        for (index, member) in sorted.enumerated() {
            out += member.key
            out.append(UInt8(ascii: ":"))
            out += member.value
            if index < sorted.count - 1 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\n"))
        }
        out += footer
        return out
    }

    /// ``encode(header:_:)`` written out line by line: `members` already sorted by key, each
    /// made only when its line is written, so a table of a million members is never whole
    /// in memory.
    package static func write<Members: Collection<Member>>(header: [UInt8], sorted members: Members, to file: TemporaryFile) throws {
        try file.write(header)
        var remaining = members.count
        for member in members {
            remaining -= 1
            try file.write(member.key)
            try file.write(colon)
            try file.write(member.value)
            try file.write(remaining > 0 ? commaNewline : newline)
        }
        try file.write(footer)
    }

    package enum Lookup: Equatable {
        case found(Range<Int>)
        case absent
        /// The bytes are not in this layout (an older store, or damage): read them as JSON.
        case otherLayout
    }

    /// Where the value of `key` (a literal from ``literal(_:)``) is in `bytes`.
    package static func find(_ key: [UInt8], in bytes: UnsafeRawBufferPointer, header: [UInt8]) -> Lookup {
        guard let region = region(of: bytes, header: header) else { return .otherLayout }
        var low = region.lowerBound
        var high = region.upperBound
        while low < high {
            // The line around the middle (its end found by the C library's `memchr`: a catalog
            // line is a few hundred bytes, and a lookup reads a dozen).
            let middle = (low + high) / 2
            let start = lineStart(in: bytes, at: middle, after: low)
            let end = lineEnd(in: bytes, from: start, before: high)
            guard end < high, let keyEnd = literalEnd(bytes, from: start, to: end) else { return .otherLayout }
            let order = compare(bytes[start..<keyEnd], key)
            if order == 0 {
                var valueEnd = end
                if bytes[valueEnd - 1] == UInt8(ascii: ",") { valueEnd -= 1 }
                guard keyEnd < valueEnd, bytes[keyEnd] == UInt8(ascii: ":") else { return .otherLayout }
                return .found(keyEnd + 1..<valueEnd)
            }
            if order < 0 { low = end + 1 } else { high = start }
        }
        return .absent
    }

    /// Where the line holding `index` starts, no earlier than `low`.
    private static func lineStart(in bytes: UnsafeRawBufferPointer, at index: Int, after low: Int) -> Int {
        var start = index
        while start > low && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// Where the line starting at `start` ends (its newline), or `high`.
    private static func lineEnd(in bytes: UnsafeRawBufferPointer, from start: Int, before high: Int) -> Int {
        guard start < high, let base = bytes.baseAddress,
            let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), high - start)
        else { return high }
        return base.distance(to: UnsafeRawPointer(newline))
    }

    /// Every member, in file order; nil when the bytes are not in this layout.
    package static func members(in bytes: UnsafeRawBufferPointer, header: [UInt8]) -> [Member]? {
        guard let region = region(of: bytes, header: header) else { return nil }
        var members: [Member] = []
        var start = region.lowerBound
        while start < region.upperBound {
            var end = start
            while end < region.upperBound && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            guard end < region.upperBound, let keyEnd = literalEnd(bytes, from: start, to: end) else { return nil }
            var valueEnd = end
            if bytes[valueEnd - 1] == UInt8(ascii: ",") { valueEnd -= 1 }
            guard keyEnd < valueEnd, bytes[keyEnd] == UInt8(ascii: ":") else { return nil }
            members.append(Member(key: Array(bytes[start..<keyEnd]), value: Array(bytes[keyEnd + 1..<valueEnd])))
            start = end + 1
        }
        return members
    }

    /// The lines between the header and the footer, when both are exactly where they belong.
    private static func region(of bytes: UnsafeRawBufferPointer, header: [UInt8]) -> Range<Int>? {
        guard bytes.count >= header.count + footer.count,
            bytes.prefix(header.count).elementsEqual(header),
            bytes.suffix(footer.count).elementsEqual(footer)
        else { return nil }
        return header.count..<(bytes.count - footer.count)
    }

    /// ``literalEnd(_:from:to:)`` over raw bytes, the catalog's lines as they are read: a
    /// generic function called from another module runs through its protocol's witnesses (a
    /// call for every byte), which made a walk of a million keys 3.7 times slower. A twin on
    /// purpose: the generic one marked `@inlinable` was tried and was as slow (0.55 s against
    /// 0.13 s for `cache ls --limit 20` of a million).
    package static func literalEnd(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        guard start < end, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the closing quote of the JSON string literal starting at `start`.
    package static func literalEnd<Bytes: Collection<UInt8>>(_ bytes: Bytes, from start: Int, to end: Int) -> Int?
    where Bytes.Index == Int {
        guard start < end, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    private static func compare(_ lhs: Slice<UnsafeRawBufferPointer>, _ rhs: [UInt8]) -> Int {
        for (left, right) in zip(lhs, rhs) where left != right { return left < right ? -1 : 1 }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }
}
