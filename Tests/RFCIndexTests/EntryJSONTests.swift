import Foundation
import ReaderPluginAPI
import Testing

@testable import RFCIndex

/// The entries' JSON objects are written as text by the module, byte by byte: they must be
/// valid JSON, say what the contract says, and be exactly the text `JSONValue.jsonText` gives
/// for the same dictionary (entries are compared by that text).
@Suite struct EntryJSONTests {
    /// Parsed by Foundation, a parser that shares no code with the writer.
    static func foundationObject(_ text: String) throws -> NSDictionary {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? NSDictionary)
    }

    @Test func rfc793IsWrittenAsTheContractSays() throws {
        let entry = try IndexFixture.entry(793)
        #expect(
            entry.fieldsJSON
                == #"{"also":[],"authors":["J. Postel"],"date":"1981-09","doi":"10.17487/RFC0793","formats":["TXT","HTML"],"#
                + #""notIssued":false,"number":793,"obsoletedBy":[9293],"obsoletes":[761],"status":"INTERNET STANDARD","#
                + #""title":"Transmission Control Protocol","updatedBy":[1122,3168,6093,6528],"updates":[]}"#)
        #expect(entry.annotationsJSON == #"{"obsoletedBy":[9293],"updatedBy":[1122,3168,6093,6528]}"#)
        let object = try Self.foundationObject(entry.fieldsJSON)
        #expect(object["number"] as? Int == 793)
        #expect(object["title"] as? String == "Transmission Control Protocol")
        #expect(object["authors"] as? [String] == ["J. Postel"])
        #expect(object["date"] as? String == "1981-09")
        #expect(object["status"] as? String == "INTERNET STANDARD")
        #expect(object["doi"] as? String == "10.17487/RFC0793")
        #expect(object["obsoletes"] as? [Int] == [761])
        #expect(object["obsoletedBy"] as? [Int] == [9293])
        #expect(object["updates"] as? [Int] == [])
        #expect(object["updatedBy"] as? [Int] == [1122, 3168, 6093, 6528])
        #expect(object["also"] as? [String] == [])
        #expect(object["formats"] as? [String] == ["TXT", "HTML"])
        #expect(object["notIssued"] as? Bool == false)
        #expect(object.count == 13)
    }

    @Test func rfc2324HasItsDayAndRelation() throws {
        let entry = try IndexFixture.entry(2324)
        #expect(
            entry.fieldsJSON
                == #"{"also":[],"authors":["L. Masinter"],"date":"1998-04-01","doi":"10.17487/RFC2324","formats":["TXT","HTML"],"#
                + #""notIssued":false,"number":2324,"obsoletedBy":[],"obsoletes":[],"status":"INFORMATIONAL","#
                + #""title":"Hyper Text Coffee Pot Control Protocol (HTCPCP/1.0)","updatedBy":[7168],"updates":[]}"#)
        #expect(entry.annotationsJSON == #"{"obsoletedBy":[],"updatedBy":[7168]}"#)
        let object = try Self.foundationObject(entry.fieldsJSON)
        #expect(object["date"] as? String == "1998-04-01")
        #expect(object["title"] as? String == "Hyper Text Coffee Pot Control Protocol (HTCPCP/1.0)")
    }

    @Test func notIssuedEntryHasNullsAndEmptyLists() throws {
        let entry = try IndexFixture.entry(14)
        #expect(
            entry.fieldsJSON
                == #"{"also":[],"authors":[],"date":null,"doi":null,"formats":[],"notIssued":true,"number":14,"#
                + #""obsoletedBy":[],"obsoletes":[],"status":null,"title":"","updatedBy":[],"updates":[]}"#)
        #expect(entry.annotationsJSON == #"{"obsoletedBy":[],"updatedBy":[]}"#)
        let object = try Self.foundationObject(entry.fieldsJSON)
        #expect(object["notIssued"] as? Bool == true)
        #expect(object["date"] is NSNull)
        #expect(object["status"] is NSNull)
        #expect(object["doi"] is NSNull)
    }

    @Test func everyEntryIsWrittenAsItsDictionaryWouldBe() throws {
        for entry in try IndexFixture.document.get().entries {
            #expect(JSONValue.object(entry.fields).jsonText == entry.fieldsJSON, "RFC \(entry.id)")
            #expect(JSONValue.object(entry.annotations).jsonText == entry.annotationsJSON, "RFC \(entry.id)")
            let rebuilt = Entry(
                id: entry.id, title: entry.title, authors: entry.authors, date: entry.date, status: entry.status,
                notices: entry.notices, annotations: entry.annotations, fields: entry.fields)
            #expect(rebuilt == entry, "RFC \(entry.id)")
            #expect(entry.fields["title"] == .string(entry.title))
            #expect(entry.fields["authors"] == JSONValue(entry.authors))
            #expect(entry.fields["date"] == JSONValue(entry.date))
            #expect(entry.fields["status"] == JSONValue(entry.status))
        }
    }

    @Test func quotesBackslashesAndControlCharactersAreEscaped() throws {
        let text =
            "0042 A \"Quoted\" C:\\Path\tand \u{01}bell. J. O\"Brien, A. B\\C. May 1970. "
            + "(Format: TXT) (Also \"STD\\1\") (Stream: a\"b) (Status: UNKNOWN) \n"
        let entry = try #require(try IndexFixture.parse(text).entries.first)
        #expect(entry.title == "A \"Quoted\" C:\\Path\tand \u{01}bell")
        #expect(entry.authors == ["J. O\"Brien", "A. B\\C"])
        #expect(
            entry.fieldsJSON
                == #"{"also":["\"STD\\1\""],"authors":["J. O\"Brien","A. B\\C"],"date":"1970-05","doi":null,"#
                + #""formats":["TXT"],"notIssued":false,"number":42,"obsoletedBy":[],"obsoletes":[],"#
                + #""otherGroups":["Stream: a\"b"],"status":"UNKNOWN","title":"A \"Quoted\" C:\\Path\tand \u0001bell","#
                + #""updatedBy":[],"updates":[]}"#)
        let object = try Self.foundationObject(entry.fieldsJSON)
        #expect(object["title"] as? String == entry.title)
        #expect(object["authors"] as? [String] == entry.authors)
        #expect(object["also"] as? [String] == ["\"STD\\1\""])
        #expect(JSONValue.object(entry.fields).jsonText == entry.fieldsJSON)
    }

    @Test(arguments: ["\"", "\\", "\u{1F}", "é"])
    func aByteToEscapeOrDecodeAtAnyPlaceOfATitle(special: String) throws {
        // The writer copies eight plain bytes at a time, the last eight overlapping: the byte
        // that needs care is put at every offset of titles of every length around a word.
        for length in 1...20 {
            for position in 0..<length {
                let title =
                    "T" + String(repeating: "x", count: position) + special
                    + String(repeating: "y", count: length - position - 1)
                let entry = try #require(
                    try IndexFixture.parse("0042 \(title). A. Writer. May 1970. (Status: UNKNOWN) \n").entries.first)
                #expect(entry.title == title)
                #expect(try Self.foundationObject(entry.fieldsJSON)["title"] as? String == title)
                #expect(JSONValue.object(entry.fields).jsonText == entry.fieldsJSON)
            }
        }
    }

    @Test func textOutsideASCIIIsWrittenAsTheEntrysStrings() throws {
        var bytes = Array("0042 Caf".utf8) + [0xC3, 0xA9, 0xFF] + Array(" ol\u{E9}. J. H\u{E4}rri. May 1970. (DOI: 10.1/\u{E9}) \n".utf8)
        let entry = try #require(try IndexFixture.parse(bytes).entries.first)
        #expect(entry.title == "Café\u{FFFD} olé")
        #expect(entry.authors == ["J. Härri"])
        #expect(entry.fields["title"] == .string(entry.title))
        #expect(entry.fields["doi"] == "10.1/é")
        #expect(JSONValue.object(entry.fields).jsonText == entry.fieldsJSON)

        // ISO-8859-1: one byte per letter.
        bytes = Array("0042 Caf".utf8) + [0xE9] + Array(". J. H".utf8) + [0xE4] + Array("rri. May 1970. \n".utf8)
        let latin1 = try #require(try IndexFixture.parse(bytes, charset: "ISO-8859-1").entries.first)
        #expect(latin1.fields["title"] == "Café")
        #expect(latin1.fields["authors"] == ["J. Härri"])
        #expect(JSONValue.object(latin1.fields).jsonText == latin1.fieldsJSON)
    }

    @Test func relationsOutsideTheSeriesAndNoticesAreWritten() throws {
        let entry = try IndexFixture.entry(1384)
        #expect(entry.notices == ["Obsoleted by RFC 1617, RTR0011"])
        let object = try Self.foundationObject(entry.fieldsJSON)
        #expect(object["obsoletedBy"] as? [Int] == [1617])
        #expect(object["obsoletedByOther"] as? [String] == ["RTR0011"])
        #expect(entry.annotationsJSON == #"{"obsoletedBy":[1617],"updatedBy":[]}"#)
    }

    @Test func anEntryStoredBeforeStillDecodes() throws {
        // The stored form has carried the open-ended keys as JSON text, keys sorted.
        let fields =
            #"{"also":[],"authors":["J. Postel"],"date":"1981-09","doi":"10.17487/RFC0793","#
            + #""formats":["TXT","HTML"],"notIssued":false,"number":793,"obsoletedBy":[9293],"obsoletes":[761],"#
            + #""status":"INTERNET STANDARD","title":"Transmission Control Protocol","#
            + #""updatedBy":[1122,3168,6093,6528],"updates":[]}"#
        let stored: [String: Any] = [
            "id": "793", "title": "Transmission Control Protocol", "authors": ["J. Postel"], "date": "1981-09",
            "status": "INTERNET STANDARD",
            "notices": ["Obsoleted by RFC 9293", "Updated by RFC 1122, RFC 3168, RFC 6093, RFC 6528"],
            "annotations": #"{"obsoletedBy":[9293],"updatedBy":[1122,3168,6093,6528]}"#, "fields": fields,
        ]
        let decoded = try JSONDecoder().decode(Entry.self, from: JSONSerialization.data(withJSONObject: stored))
        let parsed = try IndexFixture.entry(793)
        #expect(decoded == parsed)
        #expect(decoded.fields == parsed.fields)
        #expect(decoded.annotations == ["obsoletedBy": [9293], "updatedBy": [1122, 3168, 6093, 6528]])
        let again = try JSONDecoder().decode(Entry.self, from: JSONEncoder().encode(parsed))
        #expect(again == parsed)
        #expect(again.fieldsJSON == fields)
    }

    @Test func storedObjectsWrittenByOthersAreRead() throws {
        let text = #" { "a" : [1, -2.5e+3, "x\"y\u00e9\ud83c\udfb6", true, null, {"b": {}}], "c": [] } "#
        let entry = try Self.decoded(fields: text)
        #expect(entry.fieldsJSON == text)
        #expect(entry.fields == ["a": [1, .number(-2500), "x\"yé🎶", true, nil, ["b": .object([:])]], "c": []])
    }

    @Test(arguments: [
        "[1]", "\"text\"", #"{"a":"#, #"{"a":01}"#, #"{"a":1,}"#, "{} x", #"{"a":"\ud800\u0041"}"#, #"{"a":tru}"#,
        #"{"a":"\u12"}"#, "", #"{"a" 1}"#,
    ])
    func storedTextThatIsNoJSONObjectIsRejected(_ text: String) {
        #expect(throws: DecodingError.self) { try Self.decoded(fields: text) }
    }

    static func decoded(fields: String) throws -> Entry {
        let stored: [String: Any] = [
            "id": "1", "title": "T", "authors": [String](), "notices": [String](), "annotations": "{}", "fields": fields,
        ]
        return try JSONDecoder().decode(Entry.self, from: JSONSerialization.data(withJSONObject: stored))
    }
}
