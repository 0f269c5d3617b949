import ReaderPluginAPI
import ReaderStore

/// A note as `open --format json` and `notes --json` write it: `id`, `key`, `section`,
/// `quote`, `text`, `createdAt`, and, placed in a document, `placed` (`text`, `section`, `end`).
public enum NoteJSON {
    public static func value(_ placed: PlacedNote) -> JSONValue {
        var object = fields(placed.note)
        object["placed"] = .string(placed.placed.rawValue)
        object["number"] = .number(Double(placed.number))
        return .object(object)
    }

    public static func value(_ note: Note) -> JSONValue {
        .object(fields(note))
    }

    private static func fields(_ note: Note) -> [String: JSONValue] {
        [
            "id": .string(note.id), "key": .string(note.key), "section": note.section.map(JSONValue.string) ?? .null,
            "quote": note.quote.map(JSONValue.string) ?? .null, "text": .string(note.text), "createdAt": .string(note.createdAt),
        ]
    }
}
