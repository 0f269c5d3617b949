import ReaderJSON
import ReaderPluginAPI

/// The keys of a JSON object's outermost level, found without building the object: enough
/// to tell whether an entry's stored fields already hold what a listing shows.
struct TopLevelKeys {
    private var keys: Set<String> = []

    /// `text` is an entry's fields, which the store checked to be one JSON object.
    init(_ text: String) {
        var shape = JSONShape()
        for byte in text.utf8 where shape.take(byte) == .keyEnded {
            keys.insert(String(decoding: shape.key, as: UTF8.self))
        }
    }

    func containsAll(_ names: [String]) -> Bool {
        names.allSatisfy(keys.contains)
    }
}
