import ReaderPluginAPI
import Testing

@testable import RFCIndex

/// Damaged and hostile input: never a crash, never content silently reordered.
@Suite struct RobustnessTests {
    @Test(arguments: [1_000, 2_291, 2_292, 2_990, 400_001, 1_234_567, 1_989_000])
    func truncatedIndexGivesTheEntriesBeforeTheCut(at cut: Int) throws {
        let bytes = try IndexFixture.bytes.get()
        let full = try IndexFixture.document.get().entries
        let head = Array(bytes.prefix(cut))
        guard let document = try? IndexFixture.parse(head) else {
            // Only a cut before the first entry's date ("April 1969" ends at byte 2,292) leaves
            // nothing that reads as an index.
            #expect(cut < 2_292)
            return
        }
        #expect(cut >= 2_292)
        let entries = document.entries
        #expect(!entries.isEmpty)
        // Every entry but the one the cut went through is exactly as in the whole file.
        #expect(Array(entries.dropLast()) == Array(full.prefix(entries.count - 1)))
        #expect(entries.last?.id == full[entries.count - 1].id)
    }

    @Test func invalidUTF8IsReplacedNotFatal() throws {
        var bytes = Array("0042 Bad bytes ".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(" here. A. Writer. May 1970. (Status: UNKNOWN) \n".utf8)
        let entry = try #require(try IndexFixture.parse(bytes).entries.first)
        #expect(entry.title == "Bad bytes \u{FFFD}\u{FFFD} here")
        #expect(entry.authors == ["A. Writer"])
        #expect(entry.date == "1970-05")
    }

    @Test func giantEntryIsReadInLinearTime() throws {
        // 60,000 candidate ends of a title: searching each would take minutes.
        let head = String(repeating: "x. ", count: 60_000)
        let document = try IndexFixture.parse("0001 \(head)Title. A. Writer. June 1990.\n")
        let entry = try #require(document.entries.first)
        #expect(entry.authors == ["A. Writer"])
        // Compared by length and end: a failure should not print 180 KB.
        #expect(entry.title.utf8.count == 180_005)
        #expect(String(entry.title.suffix(11)) == "x. x. Title")
        #expect(entry.date == "1990-06")
    }

    @Test func tooLongANumberIsLeftOutAndNoted() throws {
        let text = """
            0001 Host Software. S. Crocker. April 1969. (Status: UNKNOWN)

            12345678901234567890 Not a number. A. Writer. May 1970.

            """
        let document = try IndexFixture.parse(text)
        #expect(document.entries.map(\.id) == ["1"])
        #expect(document.notes == ["line 3: the entry number is too long; the entry is left out"])
    }

    @Test func unknownBracketGroupsAreKept() throws {
        let document = try IndexFixture.parse(
            "0001 Host Software. S. Crocker. April 1969. (Format: TXT) (Stream: Legacy) (Status: UNKNOWN) \n")
        let entry = try #require(document.entries.first)
        #expect(entry[field: "otherGroups"] == ["Stream: Legacy"])
        #expect(entry[field: "formats"] == ["TXT"])
        #expect(entry.status == "UNKNOWN")
    }

    @Test func notesAreCappedAtTwenty() throws {
        var text = "0001 Host Software. S. Crocker. April 1969. (Status: UNKNOWN)\n\n"
        for number in 2...26 { text += "\(number) Undated. A. Writer.\n\n" }
        let document = try IndexFixture.parse(text)
        #expect(document.entries.count == 26)
        #expect(document.notes.count == 21)
        #expect(document.notes.first == "line 3: RFC 2: no date")
        #expect(document.notes.last == "5 more notes like these are left out")
    }
}
