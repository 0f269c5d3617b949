/// A parsed JSON value.
///
/// Numbers keep their source text: v1.1 tweet ids exceed a Double's precision, and the data
/// archive writes every number as a string anyway, so readers ask for text or an Int and get
/// either spelling.
enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    subscript(key: String) -> JSON? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// A string, or a number's text: ids come both ways.
    var text: String? {
        switch self {
        case .string(let value), .number(let value): return value
        default: return nil
        }
    }

    /// A non-empty string or number text.
    var nonEmptyText: String? { text.flatMap { $0.isEmpty ? nil : $0 } }

    /// An integer written as a number or as a string (the archive's `"16"`).
    var int: Int? { text.flatMap { Int($0) } }

    var array: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    var object: [String: JSON]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The kind, for messages about unexpected input.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension Optional where Wrapped == JSON {
    subscript(key: String) -> JSON? { self.flatMap { $0[key] } }
}
