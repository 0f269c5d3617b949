import Foundation
import ReaderPluginAPI
import Testing

@testable import RFCText

/// Issue 27, items 2 and 3, on the 1,067 sample RFCs: every one parses, and its title is the
/// whole title the RFC Editor's index gives it.
@Suite struct SampleTitleTests {
    struct Tally: CustomStringConvertible {
        var equal = 0
        var total = 0
        var misses: [String] = []
        var description: String { "\(equal) of \(total) equal the index's title" }
    }

    static func tally(heldOut: Bool) -> Tally {
        var tally = Tally()
        for parsed in SampleCorpus.parsed where parsed.heldOut == heldOut {
            guard let indexTitle = SampleCorpus.indexTitles[parsed.number], case .success(let title) = parsed.outcome else { continue }
            tally.total += 1
            if SampleCorpus.folded(title) == SampleCorpus.folded(indexTitle) {
                tally.equal += 1
            } else {
                tally.misses.append("\(parsed.number)\t\(title)\t\(indexTitle)")
            }
        }
        return tally
    }

    @Test func theSampleIsThere() {
        #expect(SampleCorpus.parsed.count == 1067)
        #expect(SampleCorpus.indexTitles.count > 9000)
    }

    /// Item 3: stray NULs and control bytes (RFC 774's byte 3449) are read, never refused.
    @Test func everySampleRFCParses() {
        let refused = SampleCorpus.parsed.compactMap { parsed -> String? in
            if case .failure(let error) = parsed.outcome { return "\(parsed.number): \(error)" }
            return nil
        }
        #expect(refused.isEmpty, "\(refused.count) refused: \(refused.prefix(10))")
        #expect(SampleCorpus.parsed.allSatisfy { $0.blockCount > 0 })
    }

    /// The number comes from the text's own header (`Request for Comments:  1179`), not from
    /// where it was read.
    @Test func everyNumberIsReadFromTheText() {
        let guessed = SampleCorpus.parsed.filter { !$0.notes.isEmpty }.map(\.number)
        // Was 36 (1179, 2349, 9720, …). Left: 873 and 909 give no number in the text at all;
        // 2034's header is set in from the left margin.
        #expect(guessed.count <= 3, "numbers taken from the key: \(guessed)")
    }

    /// No "RFC N" where the index has a title, and no title cut at a `:` or `--`.
    @Test func noTitleIsMissingOrCut() {
        var bare: [Int] = []
        var cut: [String] = []
        for parsed in SampleCorpus.parsed {
            guard case .success(let title) = parsed.outcome else { continue }
            if title == "RFC \(parsed.number)", SampleCorpus.indexTitles[parsed.number] != nil { bare.append(parsed.number) }
            let trimmed = title.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix(":") || trimmed.hasSuffix("--") || trimmed.hasSuffix(",") || trimmed.hasSuffix("-") {
                cut.append("\(parsed.number): \(title)")
            }
        }
        // Was 170. The goal is none; the 13 left are texts with no title line (RFC 18, 252) or
        // with a title the rules do not take yet: the index's title is shown for them.
        #expect(bare.count <= 13, "\(bare.count) titled RFC N: \(bare)")
        // Was 3; 351's title really ends on a colon in the text.
        #expect(cut.count <= 1, "\(cut.count) cut: \(cut.prefix(20))")
    }

    /// A title that starts as a section number might (`E.164`, `T.140`) is the title when no
    /// first heading has that number: a first heading is `1`, `I` or `Appendix A`. RFC 2916 is
    /// of the tuning half, 8865 of the held-out one.
    @Test func aTitleNumberedAsNoFirstHeadingIsTheTitle() throws {
        for (number, expected) in [(2916, "E.164 number and DNS"), (8865, "T.140 Real-Time Text Conversation over WebRTC Data Channels")] {
            let parsed = try #require(SampleCorpus.parsed.first { $0.number == number })
            #expect(try parsed.outcome.get() == expected)
        }
    }

    /// The share of each half equal to the index's title once case and punctuation are
    /// folded; the held-out half was never looked at while the rules were written. The goal is
    /// 99 %; the module reaches 95.7 % (tuning) and 94.9 % (held out), from 82 % and 80 %: the
    /// rest are mostly titles the index words otherwise (it drops a leading `A`, 54's `An
    /// Official Protocol Proffering`) or texts without a title line, where the index's title
    /// is shown.
    @Test(arguments: [false, true])
    func titlesEqualTheIndex(heldOut: Bool) {
        let tally = Self.tally(heldOut: heldOut)
        if ProcessInfo.processInfo.environment["READER_TITLE_MISSES"] != nil, !heldOut {
            print(tally.misses.joined(separator: "\n"))
        }
        print("titles, \(heldOut ? "held-out" : "tuning") half: \(tally)")
        #expect(tally.total > 500)
        #expect(tally.equal * 1000 >= tally.total * 940, "\(tally)")
    }
}
