import ReaderPluginAPI
import Testing

@testable import RFCIndex

/// The real `rfc-index.txt` of 8 August 2025, entry by entry where it is tricky.
@Suite struct RealIndexTests {
    /// Counts, statuses and RFC 793 field by field are the module's case
    /// (`Plugins/RFCIndex/Cases/rfc-index-2025-08-08.json`); here, the order and the gaps.
    @Test func readsEveryEntryInFileOrder() throws {
        let document = try IndexFixture.document.get()
        let numbers = document.entries.compactMap { Int($0.id) }
        #expect(numbers == numbers.sorted())
        #expect(Set(numbers).count == 9816)
        // RFC 1129 is only the explanation's indented example, and 9817 is not published yet.
        #expect(numbers.contains(1129))
        #expect(!numbers.contains(9817))
    }

    @Test func everyIssuedEntryHasTitleAuthorsDateStatusAndDOI() throws {
        let issued = try IndexFixture.document.get().entries.filter { $0[field: "notIssued"] == false }
        #expect(issued.count == 9628)
        #expect(issued.allSatisfy { !$0.title.isEmpty })
        // The closing period goes, but for titles that end with an abbreviation's own period.
        #expect(issued.filter { $0.title.hasSuffix(".") }.map(\.id) == ["16", "37"])
        #expect(issued.allSatisfy { !$0.authors.isEmpty })
        #expect(issued.allSatisfy { $0.date != nil })
        #expect(
            issued.allSatisfy {
                $0[field: "doi"]
                    == .string("10.17487/RFC" + String(repeating: "0", count: max(0, 4 - $0.id.count)) + $0.id)
            })
        // April Fools' RFCs and a few others carry a day.
        #expect(issued.filter { $0.date?.count == 10 }.count == 69)
    }

    @Test func rfc16IsTitledMIT() throws {
        let entry = try IndexFixture.entry(16)
        #expect(entry.title == "M.I.T.")
        #expect(entry.authors == ["S. Crocker"])
        #expect(entry.date == "1969-08")
        #expect(entry[field: "obsoletes"] == [10])
        #expect(entry[field: "obsoletedBy"] == [24])
        #expect(entry[field: "updatedBy"] == [24, 27, 30])
        #expect(entry.notices == ["Obsoleted by RFC 24", "Updated by RFC 24, RFC 27, RFC 30"])
    }

    @Test func rfc160HasAnAuthorWithAPeriodInside() throws {
        let entry = try IndexFixture.entry(160)
        #expect(entry.title == "RFC brief list")
        #expect(entry.authors == ["Network Information Center. Stanford Research Institute"])
        #expect(entry.date == "1971-05")
        #expect(entry[field: "obsoletedBy"] == [200, 999])
        // "(Updates NIC6716)" names a document outside the RFC series: kept beside the numbers.
        #expect(entry[field: "updates"] == [])
        #expect(entry[field: "updatesOther"] == ["NIC6716"])
        #expect(entry.notices == ["Obsoleted by RFC 200, RFC 999"])
    }

    @Test func rfc2324HasADaySplitFromItsMonth() throws {
        let entry = try IndexFixture.entry(2324)
        #expect(entry.title == "Hyper Text Coffee Pot Control Protocol (HTCPCP/1.0)")
        #expect(entry.authors == ["L. Masinter"])
        #expect(entry.date == "1998-04-01")
        #expect(entry.status == "INFORMATIONAL")
        #expect(entry[field: "updatedBy"] == [7168])
    }

    @Test func notIssuedEntryHasNoOtherFields() throws {
        let entry = try IndexFixture.entry(14)
        #expect(entry.title == "")
        #expect(entry.authors.isEmpty)
        #expect(entry.date == nil)
        #expect(entry.status == nil)
        #expect(entry.notices.isEmpty)
        #expect(
            entry.fields == [
                "number": 14, "title": "", "authors": [], "date": nil, "status": nil, "doi": nil,
                "obsoletes": [], "obsoletedBy": [], "updates": [], "updatedBy": [], "also": [], "formats": [],
                "notIssued": true,
            ])
        #expect(entry.annotations == ["obsoletedBy": [], "updatedBy": []])
    }

    @Test func editorsKeepTheirEd() throws {
        let entry = try IndexFixture.entry(9110)
        #expect(entry.title == "HTTP Semantics")
        #expect(entry.authors == ["R. Fielding, Ed.", "M. Nottingham, Ed.", "J. Reschke, Ed."])
        #expect(entry.date == "2022-06")
        #expect(entry.status == "INTERNET STANDARD")
        #expect(entry[field: "obsoletes"] == [2818, 7230, 7231, 7232, 7233, 7235, 7538, 7615, 7694])
        #expect(entry[field: "updates"] == [3864])
        #expect(entry[field: "also"] == ["STD0097"])
        #expect(entry[field: "formats"] == ["HTML", "TXT", "PDF", "XML"])
        // "P. Nesser, II" is one author, as "R. Fielding, Ed." is.
        #expect(try IndexFixture.entry(3789).authors == ["P. Nesser, II", "A. Bergstrom, Ed."])
    }

    @Test func lastEntryHasAStatusBrokenAcrossLines() throws {
        let entry = try IndexFixture.entry(9829)
        #expect(
            entry.title
                == "Handling of Resource Public Key Infrastructure (RPKI) Certificate Revocation List (CRL) Number Extensions"
        )
        #expect(entry.authors == ["J. Snijders", "B. Maddison", "T. Buehler"])
        #expect(entry.date == "2025-07")
        #expect(entry.status == "PROPOSED STANDARD")
        #expect(entry[field: "updates"] == [6487])
        #expect(entry[field: "doi"] == "10.17487/RFC9829")
        // "(Status:" / "UNKNOWN)" and "(DOI:" / "10.17487/RFC0003)" are split over two lines too.
        #expect(try IndexFixture.entry(1).status == "UNKNOWN")
        #expect(try IndexFixture.entry(3)[field: "doi"] == "10.17487/RFC0003")
    }

    @Test func accentedNamesAreDecodedAsUTF8() throws {
        #expect(try IndexFixture.entry(8691).authors == ["N. Benamar", "J. Härri", "J. Lee", "T. Ernst"])
        // An accented initial still starts a name.
        let entry = try IndexFixture.entry(8801)
        #expect(entry.title == "Discovering Provisioning Domain Names and Data")
        #expect(entry.authors == ["P. Pfister", "É. Vyncke", "T. Pauly", "D. Schinazi", "W. Shao"])
    }

    @Test func oneWordAndOrganisationAuthors() throws {
        #expect(try IndexFixture.entry(2077).authors == ["S. Nelson", "C. Parks", "Mitra"])
        let ethics = try IndexFixture.entry(1087)
        #expect(ethics.title == "Ethics and the Internet")
        #expect(ethics.authors == ["Defense Advanced Research Projects Agency", "Internet Activities Board"])
        #expect(try IndexFixture.entry(1881).authors == ["IAB", "IESG"])
    }

    @Test func authorsWithPeriodsInside() throws {
        #expect(try IndexFixture.entry(8768).authors == ["M. Boucadair", "T. Reddy.K", "J. Shallow"])
        #expect(try IndexFixture.entry(3127).authors[1] == "M. St.Johns")
        #expect(
            try IndexFixture.entry(8038).authors == [
                "P. Aitken, Ed.", "B. Claise", "S. B S", "C. McDowall", "J. Schoenwaelder",
            ])
    }

    @Test func titlesWithPeriodsAndCommas() throws {
        let government = try IndexFixture.entry(1811)
        #expect(government.title == "U.S. Government Internet Domain Names")
        #expect(government.authors == ["Federal Networking Council"])
        let crocker = try IndexFixture.entry(49)
        #expect(crocker.title == "Conversations with S. Crocker (UCLA)")
        #expect(crocker.authors == ["E. Meyer"])
        #expect(try IndexFixture.entry(37).title == "Network Meeting Epilogue, etc.")
        #expect(try IndexFixture.entry(3120).title == "A URN Namespace for XML.org")
        #expect(try IndexFixture.entry(2657).title == "LDAPv2 Client vs. the Index Mesh")
        #expect(try IndexFixture.entry(4629).title == "RTP Payload Format for ITU-T Rec. H.263 Video")
        let urbana = try IndexFixture.entry(101)
        #expect(urbana.title == "Notes on the Network Working Group meeting, Urbana, Illinois, February 17, 1971")
        #expect(urbana.authors == ["R.W. Watson"])
    }

    @Test func relationsOutsideTheRFCSeriesAreKeptAsWritten() throws {
        let entry = try IndexFixture.entry(1384)
        #expect(entry[field: "obsoletedBy"] == [1617])
        #expect(entry[field: "obsoletedByOther"] == ["RTR0011"])
        #expect(entry.notices == ["Obsoleted by RFC 1617, RTR0011"])
        #expect(entry.annotations["obsoletedBy"] == [1617])
        #expect(try IndexFixture.entry(796)[field: "obsoletesOther"] == ["IEN115"])
        #expect(try IndexFixture.entry(793)[field: "obsoletesOther"] == nil)
    }
}
