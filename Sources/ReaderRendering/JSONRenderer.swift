import Foundation
import ReaderPluginAPI

/// The contract's JSON: `source`, `key`, `title`, `text`, then the module's own keys and
/// those of the entry that describes the document. One line, so several make JSON Lines.
public enum JSONRenderer {
    /// `notes`: a person's notes, placed (``NoteAnchors``), under `notes`; the module's own
    /// notes (a tweet's partial errors) are then under `sourceNotes`.
    public static func render(
        _ opened: OpenedDocument, _ options: RenderOptions = RenderOptions(), notes: [PlacedNote] = []
    ) throws -> String {
        let document = opened.document
        var object: [String: JSONValue] = [
            "source": .string(document.source),
            "key": .string(document.key),
            "title": .string(document.title),
            "text": .string(document.plainText),
            "authors": JSONValue(document.metadata.authors),
            "date": JSONValue(document.metadata.date),
        ]
        if let url = document.metadata.url { object["url"] = .string(url) }
        if !document.notes.isEmpty { object[notes.isEmpty ? "notes" : "sourceNotes"] = JSONValue(document.notes) }
        if !notes.isEmpty { object["notes"] = .array(notes.map(NoteJSON.value)) }
        if !opened.notices.isEmpty { object["notices"] = JSONValue(opened.notices) }
        for (key, value) in document.extra { object[key] = value }
        for (key, value) in opened.annotations { object[key] = value }
        for set in opened.annotationSets { object[set.set.name] = AnnotationLayout.json(set, options.annotations) }
        return try line(JSONValue.object(object))
    }

    /// Index entries as the contract's array for `list --json` and `search --json`: each entry's
    /// fields, with the title, authors, date and status the module left out taken from the
    /// entry. The RFC index writes all four, so its fields are spliced in as they are stored.
    public static func entries(_ entries: [Entry]) -> String {
        var out = "["
        for (index, entry) in entries.enumerated() {
            if index > 0 { out += "," }
            out += listing(entry)
        }
        out += "]"
        return escapingInvisibles(out)
    }

    private static func listing(_ entry: Entry) -> String {
        let text = entry.fieldsJSON
        if TopLevelKeys(text).containsAll(["title", "authors", "date", "status"]) { return text }
        var fields = entry.fields
        // What names the entry (`alpha`), as `number` names an RFC index's.
        fields["id"] = fields["id"] ?? .string(entry.id)
        fields["title"] = fields["title"] ?? .string(entry.title)
        fields["authors"] = fields["authors"] ?? JSONValue(entry.authors)
        fields["date"] = fields["date"] ?? JSONValue(entry.date)
        fields["status"] = fields["status"] ?? JSONValue(entry.status)
        return JSONValue.object(fields).jsonText
    }

    /// Any encodable value, on one line.
    public static func line(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return escapingInvisibles(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// JSON escapes only C0 controls; DEL, C1 controls and bidi overrides may stand raw in a
    /// string, where a terminal showing the output (or `jq` printing it) would act on them.
    /// They become `\uXXXX` too. Outside strings JSON has only ASCII punctuation, so each one
    /// is inside a string and the escape keeps the value exactly.
    static func escapingInvisibles(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: isInvisible) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isInvisible(scalar) {
                escaped.append(contentsOf: "\\u".unicodeScalars)
                let hex = String(scalar.value, radix: 16)
                escaped.append(contentsOf: (String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
