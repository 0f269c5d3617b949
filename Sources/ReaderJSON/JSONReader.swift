/// Why JSON could not be read: what was expected, and the byte offset it was not found at.
package struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    package var offset: Int
    package var reason: String

    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    package var description: String { "byte \(offset): \(reason)" }
}

/// The tree's one JSON reader: a cursor over bytes that its callers drive key by key and value
/// by value, building what they need as they meet it (a stored document, a ``JSONValue``, a
/// tweet's tree) or checking a value without building it.
///
/// With ``Options/decoderCompatible`` (the default) it accepts exactly what Foundation's
/// `JSONDecoder` accepts for the values it decodes, so that a document reads back the same
/// through either (the tests compare them on the corpus and on damaged documents). With
/// ``Options/lenient`` it reads text as the X clients show it: a lone surrogate escape or a
/// byte that is not UTF-8 becomes U+FFFD and a raw control character is kept, since one bad
/// character in a timeline of thousands should not hide the rest.
///
/// What `JSONDecoder` accepts, measured rather than assumed: a trailing comma before `}` or
/// `]`; the first of two equal keys; nesting up to 512 containers; a UTF-8 byte order mark.
/// Every string it decodes must be valid UTF-8 without raw control characters, with known
/// escapes and paired surrogates, and every number must follow JSON's grammar; values it skips
/// (unknown keys, repeated keys) are only scanned, more loosely (`skipValue`). Known
/// differences, none of which the writer produces: JSON in UTF-16 or UTF-32, and a whole
/// number written with a fraction or exponent past 2^53 (`1e18` as a heading level), are
/// refused; `JSONDecoder` reads the former and some of the latter.
package struct JSONReader {
    /// What the reader lets through besides JSON's grammar.
    package struct Options: Sendable {
        /// Containers open at once; one more is refused (recursion stays bounded).
        package var maximumDepth: Int
        /// Whether text that is not well-formed (a lone surrogate escape, bytes that are not
        /// UTF-8, a raw control character) is read, repaired, rather than refused.
        package var repairsText: Bool

        /// Whether a comma before `}` or `]` is let through, as `JSONDecoder` lets it.
        package var allowsTrailingCommas: Bool

        package init(maximumDepth: Int, repairsText: Bool, allowsTrailingCommas: Bool) {
            self.maximumDepth = maximumDepth
            self.repairsText = repairsText
            self.allowsTrailingCommas = allowsTrailingCommas
        }

        /// What `JSONDecoder` accepts: the store's documents.
        package static let decoderCompatible = Options(maximumDepth: 512, repairsText: false, allowsTrailingCommas: true)
        /// JSON's grammar and nothing more: text that standard tools read the same way.
        package static let strict = Options(maximumDepth: 512, repairsText: false, allowsTrailingCommas: false)
        /// Input from outside that people read, such as X API responses and archives.
        package static let lenient = Options(maximumDepth: 256, repairsText: true, allowsTrailingCommas: true)
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    package var index: Int
    package let options: Options
    /// Open containers; `JSONDecoder` refuses a 513th.
    var depth = 0
    /// Reused for strings with escapes; freed by `read` and `scan`.
    var scratch = ScratchBytes()

    private init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, options: Options) {
        self.bytes = bytes
        self.index = index
        self.options = options
    }

    /// Reads one whole JSON text with `body`: a byte order mark, white space, the value, white space.
    package static func read<T>(
        _ bytes: UnsafeBufferPointer<UInt8>, options: Options = .decoderCompatible, _ body: (inout JSONReader) throws -> T
    ) throws -> T {
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        return try scan(bytes, from: start, options: options) { reader in
            let value = try body(&reader)
            reader.skipSpace()
            guard reader.index == bytes.count else { throw reader.failure("text after the end of the value") }
            return value
        }
    }

    /// Runs `body` with a reader at `start`, which may read one value, several or part of one.
    package static func scan<T>(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, options: Options = .decoderCompatible,
        _ body: (inout JSONReader) throws -> T
    ) throws -> T {
        var reader = JSONReader(bytes, from: start, options: options)
        defer { reader.scratch.free() }
        return try body(&reader)
    }

    package func failure(_ reason: String) -> JSONReadError {
        JSONReadError(offset: index, reason: reason)
    }

    @inline(__always) package var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    @inline(__always) package mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// The next byte after white space, which must be there.
    @inline(__always) package mutating func next(_ what: String) throws -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw failure("the text ends where \(what) should be") }
        return bytes[index]
    }

    // MARK: Containers

    /// Consumes `{`; false when the object is empty (and then closed).
    package mutating func openObject() throws -> Bool {
        try open(UInt8(ascii: "{"), "an object", then: "a key or '}'", closing: UInt8(ascii: "}"))
    }

    /// After a member's value: true when another member follows, false when the object closed.
    package mutating func nextMember() throws -> Bool {
        try close(UInt8(ascii: "}"), "',' or '}' after a member")
    }

    /// Consumes `[`; false when the array is empty (and then closed).
    package mutating func openArray() throws -> Bool {
        try open(UInt8(ascii: "["), "an array", then: "a value or ']'", closing: UInt8(ascii: "]"))
    }

    /// After an element: true when another element follows, false when the array closed.
    package mutating func nextElement() throws -> Bool {
        try close(UInt8(ascii: "]"), "',' or ']' after an element")
    }

    private mutating func open(_ opening: UInt8, _ what: String, then expected: String, closing: UInt8) throws -> Bool {
        guard try next(what) == opening else { throw failure(mismatch(what)) }
        // Refused at the bracket that opens one container too many.
        depth += 1
        guard depth <= options.maximumDepth else { throw failure("more than \(options.maximumDepth) nested containers") }
        index += 1
        if try next(expected) == closing {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    private mutating func close(_ closing: UInt8, _ expected: String) throws -> Bool {
        let byte = try next(expected)
        if byte == UInt8(ascii: ",") {
            index += 1
            // A comma before the closing bracket is accepted, as `JSONDecoder` does.
            guard try next("a value") == closing, options.allowsTrailingCommas else { return true }
        } else if byte != closing {
            throw failure("expected \(expected)")
        }
        index += 1
        depth -= 1
        return false
    }

    /// A member's key, decoded as strictly as a string value, and its colon. Keys written with
    /// escapes are compared decoded.
    package mutating func key() throws -> Key {
        guard try next("a key") == UInt8(ascii: "\"") else { throw failure("expected a key") }
        let start = index + 1
        let plain = try stringBytes()
        let key = Key(start: start, end: index - 1, decoded: plain ? nil : Array(scratch.bytes))
        guard try next("':'") == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
        index += 1
        return key
    }

    /// A key as read: its bytes in the input, or its decoded bytes when it had escapes.
    package struct Key {
        package var start: Int
        package var end: Int
        package var decoded: [UInt8]?
    }

    /// A member's key as a String.
    package mutating func memberName() throws -> String {
        let key = try key()
        if let decoded = key.decoded { return String(decoding: decoded, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), as: UTF8.self)
    }

    /// The position of `key` in `names`, nil when it is none of them.
    package func match(_ key: Key, _ names: [StaticString]) -> Int? {
        if let decoded = key.decoded {
            return decoded.withUnsafeBufferPointer { buffer in names.firstIndex { Self.equal(buffer[...], $0) } }
        }
        let slice = bytes[key.start..<key.end]
        return names.firstIndex { Self.equal(slice, $0) }
    }

    @inline(__always) private static func equal(_ slice: Slice<UnsafeBufferPointer<UInt8>>, _ name: StaticString) -> Bool {
        guard slice.count == name.utf8CodeUnitCount else { return false }
        let start = name.utf8Start
        var offset = 0
        for byte in slice {
            guard byte == start[offset] else { return false }
            offset += 1
        }
        return true
    }

    // MARK: Scalars

    /// What a value of the wrong kind was found instead of `expected`, in the decoder's words.
    package func mismatch(_ expected: String) -> String {
        let found: String
        switch peek {
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "["): found = "an array"
        case UInt8(ascii: "\""): found = "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): found = "a boolean"
        case UInt8(ascii: "n"): found = "null"
        case .some(let byte) where byte == UInt8(ascii: "-") || byte &- 0x30 < 10: found = "a number"
        default: found = "no JSON value"
        }
        return "expected \(expected), found \(found)"
    }

    /// Consumes `literal` (`true`, `false`, `null`) if it is next.
    package mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// True (and consumed) when the next value is `null`: what `decodeIfPresent` reads as absent.
    package mutating func null() throws -> Bool {
        guard try next("a value") == UInt8(ascii: "n") else { return false }
        guard take("null") else { throw failure("expected a JSON value") }
        return true
    }

    package mutating func bool() throws -> Bool {
        _ = try next("a boolean")
        if take("true") { return true }
        if take("false") { return false }
        // `tru`: a word that is not a JSON value, rather than a value of the wrong kind.
        throw failure(peek == UInt8(ascii: "t") || peek == UInt8(ascii: "f") ? "expected a JSON value" : mismatch("a boolean"))
    }

    package mutating func string() throws -> String {
        guard try next("a string") == UInt8(ascii: "\"") else { throw failure(mismatch("a string")) }
        let start = index + 1
        if try stringBytes() { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self) }
        return String(decoding: scratch.bytes, as: UTF8.self)
    }

    package mutating func optionalString() throws -> String? {
        try null() ? nil : try string()
    }

    package mutating func strings() throws -> [String] {
        var values: [String] = []
        var more = try openArray()
        while more {
            values.append(try string())
            more = try nextElement()
        }
        return values
    }
}

/// The bytes of the last string decoded with escapes. An `Array` cost a sixth of the time of
/// reading the RFC index in `append(contentsOf:)`: its entries keep JSON text, with an escape
/// every few bytes.
struct ScratchBytes {
    private var start: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    var count = 0

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Room for `size` bytes from the start, the previous contents dropped.
    mutating func room(_ size: Int) -> UnsafeMutablePointer<UInt8> {
        count = 0
        if let start, capacity >= size { return start }
        start?.deallocate()
        capacity = max(size, 4096)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        start = grown
        return grown
    }

    func free() { start?.deallocate() }
}
