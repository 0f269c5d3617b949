import ReaderPluginAPI

/// A path into a JSON value: names separated by dots, each followed by any number of
/// selectors in brackets.
///
/// - `title`, `metadata.date`, `extra.items` — members of objects;
/// - `entries[0]`, `entries[-1]` — an element by position, negative from the end;
/// - `entries[id=793]`, `blocks[kind=heading]`, `entries[fields.notIssued=true]` — the elements
///   whose member (itself a dotted path) equals the value; as the last step of a count, their
///   number; elsewhere, the first of them.
public struct CasePath: Sendable, CustomStringConvertible {
    enum Step: Sendable {
        case member(String)
        case index(Int)
        case filter(member: [String], value: String)
    }

    let steps: [Step]
    public let description: String

    public init(_ text: String) throws {
        description = text
        var steps: [Step] = []
        var name = ""
        var index = text.startIndex
        func flushName() {
            if !name.isEmpty { steps.append(.member(name)) }
            name = ""
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "." {
                flushName()
            } else if character == "[" {
                flushName()
                guard let close = text[index...].firstIndex(of: "]") else {
                    throw ModuleCase.Malformed(description: "\(text): [ without ]")
                }
                let selector = String(text[text.index(after: index)..<close])
                if let position = Int(selector) {
                    steps.append(.index(position))
                } else if let equals = selector.firstIndex(of: "=") {
                    steps.append(
                        .filter(
                            member: selector[..<equals].split(separator: ".").map(String.init),
                            value: String(selector[selector.index(after: equals)...])))
                } else {
                    throw ModuleCase.Malformed(description: "\(text): [\(selector)] is neither a position nor member=value")
                }
                index = close
            } else {
                name.append(character)
            }
            index = text.index(after: index)
        }
        flushName()
        self.steps = steps
    }

    /// The value at the path, if there is one.
    public func value(in root: JSONValue) -> JSONValue? {
        var current = root
        for step in steps {
            guard let next = Self.apply(step, to: current)?.first else { return nil }
            current = next
        }
        return current
    }

    /// How many there are at the path: matches of a final filter, else the elements of the
    /// array, the members of the object, or the characters of the string found there.
    public func count(in root: JSONValue) -> Int? {
        guard let last = steps.last else { return Self.size(root) }
        guard let parent = CasePath(steps: steps.dropLast(), description: description).value(in: root) else { return nil }
        if case .filter = last { return Self.apply(last, to: parent)?.count }
        return Self.apply(last, to: parent)?.first.flatMap(Self.size)
    }

    private init(steps: ArraySlice<Step>, description: String) {
        self.steps = Array(steps)
        self.description = description
    }

    private static func size(_ value: JSONValue) -> Int? {
        switch value {
        case .array(let values): values.count
        case .object(let members): members.count
        case .string(let text): text.count
        default: nil
        }
    }

    private static func apply(_ step: Step, to value: JSONValue) -> [JSONValue]? {
        switch step {
        case .member(let name):
            return value[name].map { [$0] }
        case .index(let position):
            guard let values = value.arrayValue else { return nil }
            let resolved = position < 0 ? values.count + position : position
            return values.indices.contains(resolved) ? [values[resolved]] : nil
        case .filter(let member, let wanted):
            guard let values = value.arrayValue else { return nil }
            return values.filter { element in
                var field: JSONValue? = element
                for name in member { field = field?[name] }
                return field.map { Self.text($0) == wanted } ?? false
            }
        }
    }

    /// A scalar as a filter writes it: strings bare, whole numbers without a fraction.
    static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.jsonText
    }
}
