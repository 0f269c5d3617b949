import DocumentJSON
import Foundation
import ReaderPluginAPI
import Testing

/// An entry holds its title and authors as Strings of its own, or reads them from the "title"
/// and "authors" members of its fields, whose text may be a part of a String that hundreds of
/// entries share (as the RFC index makes them). Either way it reads, compares, hashes, encodes
/// and is written as the same entry.
@Suite struct EntryTests {
    static let title = "A \"Quoted\" C:\\Path\tand \u{01}bell, Café 🎶"
    static let authors = ["J. Härri", "K. O\"Brien", "L. Plain"]
    static let fields = fields(title: title, authors: authors)

    static func fields(title: String, authors: [String]) -> [String: JSONValue] {
        [
            "also": [], "authors": JSONValue(authors), "date": "1970-05", "notIssued": false, "number": 42, "status": "UNKNOWN",
            "title": .string(title), "updatedBy": [7],
        ]
    }
    static let annotations: [String: JSONValue] = ["obsoletedBy": [], "updatedBy": [7]]

    /// A text shared with other entries: something before, the annotations, then the fields.
    struct Shared {
        let text: String
        let annotations: Substring
        let fields: Substring
        /// Where the values of "title" and "authors" start in the fields.
        let titleOffset: Int
        let authorsOffset: Int

        init(fields: [String: JSONValue] = EntryTests.fields) {
            let before = #"{"someone":"else"}"#
            let annotations = JSONValue.object(EntryTests.annotations).jsonText
            let fields = JSONValue.object(fields).jsonText
            text = before + annotations + fields
            let utf8 = text.utf8
            let fieldsStart = utf8.index(utf8.startIndex, offsetBy: before.utf8.count + annotations.utf8.count)
            self.annotations = text[utf8.index(utf8.startIndex, offsetBy: before.utf8.count)..<fieldsStart]
            self.fields = text[fieldsStart...]
            titleOffset = Self.offset(after: #""title":"#, in: fields)
            authorsOffset = Self.offset(after: #""authors":"#, in: fields)
        }

        static func offset(after key: String, in text: String) -> Int {
            guard let range = text.range(of: key) else { return -1 }
            return text.utf8.distance(from: text.startIndex, to: range.upperBound)
        }

        func entry(titleOffset: Int? = nil, authorsOffset: Int? = nil) -> Entry {
            Entry(
                id: "42", date: "1970-05", status: "UNKNOWN", notices: ["Updated by RFC 7"], annotationsJSON: annotations,
                fieldsJSON: fields, titleOffset: titleOffset ?? self.titleOffset, authorsOffset: authorsOffset ?? self.authorsOffset)
        }
    }

    /// The same entry with Strings of its own.
    static let given = Entry(
        id: "42", title: title, authors: authors, date: "1970-05", status: "UNKNOWN", notices: ["Updated by RFC 7"],
        annotations: annotations, fields: fields)

    @Test func readsTitleAndAuthorsFromItsPartOfASharedText() {
        let shared = Shared()
        let entry = shared.entry()
        #expect(entry.title == Self.title)
        #expect(entry.authors == Self.authors)
        #expect(entry.fieldsJSON == JSONValue.object(Self.fields).jsonText)
        #expect(entry.annotationsJSON == JSONValue.object(Self.annotations).jsonText)
        #expect(entry.fields == Self.fields)
        #expect(entry.annotations == Self.annotations)
        #expect(entry == Self.given)
        #expect(entry.hashValue == Self.given.hashValue)
    }

    @Test(arguments: [0, -5, 1, 10_000, Shared().authorsOffset + 1])
    func offsetsThatAreNotWhereTheMembersAreAreLookedUp(wrong: Int) {
        let entry = Shared().entry(titleOffset: wrong, authorsOffset: wrong)
        #expect(entry.title == Self.title)
        #expect(entry.authors == Self.authors)
        #expect(entry == Self.given)
        #expect(DocumentCodec.encode(entry) == DocumentCodec.encode(Self.given))
    }

    @Test(arguments: [
        #"{"authors":[ "A. One", 7, "B. \u0054wo" ],"title":"T\u00e9"}"#,
        #"{ "authors" : ["A. One",7,"B. Two"], "title" : "T\u00e9" }"#,
    ])
    func titleAndAuthorsWrittenAnotherWayAreParsed(text: String) {
        let entry = Entry(
            id: "1", annotationsJSON: "{}", fieldsJSON: text[...], titleOffset: Shared.offset(after: #""title":"#, in: text),
            authorsOffset: Shared.offset(after: #""authors":"#, in: text))
        #expect(entry.title == "Té")
        #expect(entry.authors == ["A. One", "B. Two"])
    }

    @Test func fieldsWithoutTitleOrAuthorsGiveEmptyOnes() {
        let entry = Entry(id: "1", annotationsJSON: "{}", fieldsJSON: #"{"title":3}"#, titleOffset: 9, authorsOffset: 0)
        #expect(entry.title == "")
        #expect(entry.authors == [])
        #expect(entry == Entry(id: "1", title: "", fields: ["title": 3]))
    }

    @Test func changingOnePropertyKeepsTheOthers() {
        var entry = Shared().entry()
        entry.title = "New"
        #expect(entry.title == "New")
        #expect(entry.authors == Self.authors)
        #expect(entry.fields == Self.fields)

        entry = Shared().entry()
        entry.authors = ["Z. Last"]
        #expect(entry.title == Self.title)
        #expect(entry.authors == ["Z. Last"])

        // The fields no longer say them: title and authors keep the values they had.
        entry = Shared().entry()
        entry.fields = ["number": 43]
        #expect(entry.title == Self.title)
        #expect(entry.authors == Self.authors)
        #expect(entry.fieldsJSON == #"{"number":43}"#)
    }

    @Test(arguments: [(title, authors), ("Café 🎶 plain", ["J. Härri", "L. Plain"]), ("", [])])
    func isWrittenAsTheSameEntryWithStrings(title: String, authors: [String]) throws {
        // Plain values are copied from the fields' text; any with escapes are decoded.
        let fields = Self.fields(title: title, authors: authors)
        let entry = Shared(fields: fields).entry()
        let given = Entry(
            id: "42", title: title, authors: authors, date: "1970-05", status: "UNKNOWN", notices: ["Updated by RFC 7"],
            annotations: Self.annotations, fields: fields)
        #expect(DocumentCodec.encode(entry) == DocumentCodec.encode(given))
        #expect(try JSONDecoder().decode(Entry.self, from: Data(DocumentCodec.encode(entry))) == given)
    }

    @Test func encodesAndIsWrittenAsTheSameEntryWithStrings() throws {
        let entry = Shared().entry()
        #expect(DocumentCodec.encode(entry) == DocumentCodec.encode(Self.given))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(entry) == encoder.encode(Self.given))
        let decoded = try JSONDecoder().decode(Entry.self, from: Data(DocumentCodec.encode(entry)))
        #expect(decoded == entry)
        #expect(decoded.title == Self.title)
        #expect(decoded.authors == Self.authors)
        let document = Document(source: "s", key: "k", title: "t", entries: [entry, Self.given])
        #expect(try JSONDecoder().decode(Document.self, from: Data(DocumentCodec.encode(document))) == document)
    }
}
