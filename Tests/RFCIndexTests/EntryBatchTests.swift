import DocumentJSON
import ReaderPluginAPI
import Testing

@testable import RFCIndex

/// Entries are made a batch at a time: the JSON of each run of entries written in ASCII, and of
/// each run of the others, becomes one String that those entries share, each reading its title
/// and authors from its part. Across batches and runs, each entry must still read as itself.
@Suite struct EntryBatchTests {
    struct Expected {
        var number: Int
        var title: String
        var authors: [String]
    }

    /// 400 entries, about 110 KiB of JSON: several batches. Every third title is outside ASCII,
    /// every seventh ends with a byte that is not UTF-8, every fifth author is outside ASCII.
    static func index() -> (bytes: [UInt8], expected: [Expected]) {
        var bytes: [UInt8] = []
        var expected: [Expected] = []
        for number in 1...400 {
            var title = "Title \(number) of an entry long enough to matter"
            var titleBytes = Array(title.utf8)
            if number % 3 == 0 {
                title += " Café"
                titleBytes += Array(" Café".utf8)
            }
            if number % 7 == 0 {
                title += " \u{FFFD}"
                titleBytes += [0x20, 0xFF]
            }
            let author = number % 5 == 0 ? "J. Härri" : "A. Writer"
            let padded = padded(number)
            bytes += Array("\(padded) ".utf8) + titleBytes
            bytes += Array(". \(author), B. Other. May 1970. (Format: TXT) (Obsoleted by RFC\(number + 1))".utf8)
            bytes += Array(" (Status: UNKNOWN) (DOI: 10.17487/RFC\(padded))\n\n".utf8)
            expected.append(Expected(number: number, title: title, authors: [author, "B. Other"]))
        }
        return (bytes, expected)
    }

    /// "0042", as the index writes numbers.
    static func padded(_ number: Int) -> String {
        String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number)
    }

    @Test func entriesAcrossBatchesAndRunsReadAsThemselves() throws {
        let (bytes, expected) = Self.index()
        let entries = try IndexFixture.parse(bytes).entries
        try #require(entries.count == expected.count)
        for (entry, expected) in zip(entries, expected) {
            #expect(entry.id == String(expected.number))
            #expect(entry.title == expected.title, "RFC \(expected.number)")
            #expect(entry.authors == expected.authors, "RFC \(expected.number)")
            #expect(entry.fields["title"] == .string(expected.title))
            #expect(entry.fields["number"] == JSONValue(expected.number))
            #expect(entry.fields["doi"] == .string("10.17487/RFC" + Self.padded(expected.number)))
            #expect(entry.notices == ["Obsoleted by RFC \(expected.number + 1)"])
            #expect(entry.annotations == ["obsoletedBy": [.number(Double(expected.number + 1))], "updatedBy": []])
            #expect(JSONValue.object(entry.fields).jsonText == entry.fieldsJSON)
            let rebuilt = Entry(
                id: entry.id, title: expected.title, authors: expected.authors, date: "1970-05", status: "UNKNOWN",
                notices: entry.notices, annotations: entry.annotations, fields: entry.fields)
            #expect(rebuilt == entry)
            #expect(DocumentCodec.encode(rebuilt) == DocumentCodec.encode(entry))
        }
    }
}
