import ReaderPluginAPI

/// The keys of a JSON object's outermost level, found without building the object: enough
/// to tell whether an entry's stored fields already hold what a listing shows.
struct TopLevelKeys {
    private var keys: Set<String> = []

    /// `text` is an entry's fields, which the store checked to be one JSON object.
    init(_ text: String) {
        var depth = 0
        var inString = false
        var escaped = false
        var expectingKey = false
        var keyStart: String.UTF8View.Index?
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if let start = keyStart {
                        keys.insert(String(decoding: utf8[start..<index], as: UTF8.self))
                        keyStart = nil
                    }
                }
            } else {
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    expectingKey = depth == 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                case UInt8(ascii: ","):
                    expectingKey = depth == 1
                case UInt8(ascii: "\""):
                    inString = true
                    if expectingKey { keyStart = utf8.index(after: index) }
                    expectingKey = false
                default: break
                }
            }
            index = utf8.index(after: index)
        }
    }

    func containsAll(_ names: [String]) -> Bool {
        names.allSatisfy(keys.contains)
    }
}
