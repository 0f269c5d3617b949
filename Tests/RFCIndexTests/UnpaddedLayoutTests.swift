import ReaderPluginAPI
import Testing

@testable import RFCIndex

/// The layout the RFC Editor uses since May 2026: "793 ..." and "RFC761" instead of "0793 ..."
/// and "RFC0761", with five-digit numbers to come.
@Suite struct UnpaddedLayoutTests {
    /// The real index rewritten to the unpadded layout: zeros dropped from entry numbers and
    /// from "RFC0761", "STD0007", "BCP0014", "FYI0001" (a DOI such as "10.17487/RFC0793" is an
    /// identifier and stays), and continuation lines indented by three spaces instead of five.
    static func unpadded(_ bytes: [UInt8]) -> [UInt8] {
        let zero = UInt8(ascii: "0")
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (zero...UInt8(ascii: "9")).contains(bytes[index]) }
        func followsSeries(_ index: Int) -> Bool {
            guard index >= 4, "CDPI".utf8.contains(bytes[index - 1]), bytes[index - 4] != UInt8(ascii: "/") else {
                return false
            }
            return ["RFC", "STD", "BCP", "FYI"].contains { bytes[index - 3..<index].elementsEqual($0.utf8) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let atLineStart = index == 0 || bytes[index - 1] == 0x0A
            // "0793 " -> "793 " at the left margin.
            if atLineStart { while bytes[index] == zero, isDigit(index + 1) { index += 1 } }
            // Continuation lines indented by three spaces instead of five.
            if atLineStart, bytes[index...].starts(with: Array("     ".utf8)) { index += 2 }
            // "RFC0761" -> "RFC761", but not in a DOI's "/RFC0793".
            if followsSeries(index) { while bytes[index] == zero, isDigit(index + 1) { index += 1 } }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// "STD0097" -> "STD97", as the rewrite does; other series ("RTR0012") are left alone.
    static func stripZeros(_ value: String) -> String {
        let prefix = value.prefix { !$0.isNumber }
        guard ["RFC", "STD", "BCP", "FYI"].contains(prefix) else { return value }
        let digits = value.dropFirst(prefix.count).drop { $0 == "0" }
        return String(prefix) + (digits.isEmpty ? "0" : String(digits))
    }

    @Test func rewriteReallyChangesTheLayout() throws {
        let text = String(decoding: Self.unpadded(try IndexFixture.bytes.get()), as: UTF8.self)
        #expect(
            text.contains(
                "\n793 Transmission Control Protocol. J. Postel. September 1981. (Format:\n   TXT, HTML) (Obsoletes RFC761) (Obsoleted by RFC9293) (Updated by\n"
            ))
        #expect(text.contains("(Also STD97)"))
        #expect(text.contains("(DOI: 10.17487/RFC0793)"))
        #expect(!text.contains("\n0793 "))
    }

    @Test func givesTheSameEntriesAsThePaddedLayout() throws {
        let padded = try IndexFixture.document.get()
        let unpadded = try IndexFixture.parse(Self.unpadded(try IndexFixture.bytes.get()))
        #expect(unpadded.entries.count == 9816)
        #expect(unpadded.notes.isEmpty)
        #expect(unpadded.extra == padded.extra)
        for (old, new) in zip(padded.entries, unpadded.entries) {
            #expect(new.id == old.id)
            #expect(new.title == old.title)
            #expect(new.authors == old.authors)
            #expect(new.date == old.date)
            #expect(new.status == old.status)
            #expect(new.notices == old.notices)
            #expect(new.annotations == old.annotations)
            // "also" is kept as written, so it follows the layout: "STD0097" there, "STD97" here.
            var oldFields = old.fields
            var newFields = new.fields
            let oldAlso = oldFields.removeValue(forKey: "also")?.arrayValue?.compactMap(\.stringValue) ?? []
            let newAlso = newFields.removeValue(forKey: "also")?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(newAlso == oldAlso.map(Self.stripZeros))
            #expect(newFields == oldFields)
        }
        let rfc9110 = try #require(unpadded.entries.first { $0.id == "9110" })
        #expect(rfc9110[field: "also"] == ["STD97"])
    }

    @Test func readsFiveDigitNumbers() throws {
        let text = """
            9999 The Last Four-Digit RFC. A. Writer. March 2031. (Format: HTML, TXT)
                 (Obsoleted by RFC10234) (Status: INFORMATIONAL) (DOI: 10.17487/RFC9999) 

            10234 A Five-Digit RFC. A. Author, B. Writer, Ed.. 1 April 2032.
                  (Format: HTML, TXT) (Obsoletes RFC9999, RFC10001) (Updated by
                  RFC10500) (Also BCP14) (Status: PROPOSED STANDARD) (DOI:
                  10.17487/RFC10234) 

            10235 Not Issued. 

            """
        let document = try IndexFixture.parse(text)
        #expect(document.entries.map(\.id) == ["9999", "10234", "10235"])
        let entry = document.entries[1]
        #expect(
            entry.fields == [
                "number": 10234, "title": "A Five-Digit RFC", "authors": ["A. Author", "B. Writer, Ed."],
                "date": "2032-04-01", "status": "PROPOSED STANDARD", "doi": "10.17487/RFC10234",
                "obsoletes": [9999, 10001], "obsoletedBy": [], "updates": [], "updatedBy": [10500],
                "also": ["BCP14"], "formats": ["HTML", "TXT"], "notIssued": false,
            ])
        #expect(entry.notices == ["Updated by RFC 10500"])
        #expect(document.entries[0].notices == ["Obsoleted by RFC 10234"])
        #expect(document.entries[2][field: "notIssued"] == true)
        #expect(document.extra["entryCount"] == 3)
        #expect(document.extra["created"] == nil)
    }
}
