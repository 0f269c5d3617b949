import ReaderJSON

/// The top-level values of an input as ``JSON`` trees, read by the tree's one JSON reader
/// (Sources/ReaderJSON), so that one response, a JSON Lines file (one response per line, as
/// twarc writes) and an archive file after its `window.YTD… =` prefix all read the same way.
///
/// Read leniently (``JSONReader/Options/lenient``): a lone surrogate escape becomes U+FFFD and
/// the text around it is kept, as the X clients show it. Numbers keep their text (ids exceed a
/// Double's precision); of two equal keys the last wins, as in a JavaScript client.
enum JSONValues {
    /// The top-level values of `input` from byte `start`, each with the offset it starts at.
    /// A `;` after a value is skipped, as archive files may end with one.
    static func values(in input: [UInt8], from start: Int = 0) throws(JSONReadError) -> [(value: JSON, offset: Int)] {
        do {
            return try input.withUnsafeBufferPointer { buffer in
                try JSONReader.scan(buffer, from: start, options: .lenient) { reader in
                    var values: [(value: JSON, offset: Int)] = []
                    while true {
                        skipSeparators(&reader)
                        guard reader.peek != nil else { return values }
                        let offset = reader.index
                        values.append((try tree(&reader), offset))
                    }
                }
            }
        } catch let error as JSONReadError {
            throw error
        } catch {
            throw JSONReadError(offset: start, reason: "\(error)")
        }
    }

    private static func tree(_ reader: inout JSONReader) throws -> JSON {
        switch try reader.next("a value") {
        case UInt8(ascii: "{"):
            var members: [String: JSON] = [:]
            var more = try reader.openObject()
            while more {
                let name = try reader.memberName()
                members[name] = try tree(&reader)
                more = try reader.nextMember()
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSON] = []
            var more = try reader.openArray()
            while more {
                elements.append(try tree(&reader))
                more = try reader.nextElement()
            }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try reader.string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try reader.bool())
        case UInt8(ascii: "n"):
            guard try reader.null() else { throw reader.failure("expected a JSON value") }
            return .null
        case let byte where byte == UInt8(ascii: "-") || byte &- 0x30 < 10: return .number(try reader.numberText())
        default: throw reader.failure("expected a JSON value")
        }
    }

    /// White space, and the `;` an archive file may end its array with.
    private static func skipSeparators(_ reader: inout JSONReader) {
        reader.skipSpace()
        while reader.peek == UInt8(ascii: ";") {
            reader.index += 1
            reader.skipSpace()
        }
    }
}
