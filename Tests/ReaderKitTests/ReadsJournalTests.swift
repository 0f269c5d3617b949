import Foundation
import ReaderTestHarness
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport

/// `reads.journal`: what was opened, newest first, one line per open, as a killed process
/// leaves it and as it never grows past its fold.
@Suite struct ReadsJournalTests {
    let store: Store

    init() throws {
        store = Store(root: try temporaryFolder("reads"))
    }

    @Test func theLastOpenOfEachDocumentComesFirst() throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        for (offset, key) in ["rfc/793", "rfc/9110", "rfc/793", "html/example.org"].enumerated() {
            try store.reads.record(key, at: start.addingTimeInterval(Double(offset)))
        }
        #expect(try store.reads.recent(limit: 10).map(\.key) == ["html/example.org", "rfc/793", "rfc/9110"])
        #expect(try store.reads.recent(limit: 1).map(\.key) == ["html/example.org"])
        let lines = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: store.reads.path)), encoding: .utf8))
        #expect(lines.hasPrefix(#"{"key":"rfc/793","openedAt":"2026-"#), "one JSON object per line: \(lines.prefix(80))")
    }

    /// The journal writes its lines and dates itself (not with `JSONEncoder` and Foundation's
    /// date format, a tenth of `reader open`): the same text they wrote, a key with quotes and
    /// control characters read back as it was.
    @Test func aLineIsWhatJSONEncoderWroteAndReadsBack() throws {
        for seconds in [0.0, 951_782_400.5, 1_790_000_000, 4_102_444_799.9] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ReadsJournal.timestamp(date) == date.ISO8601Format(), "\(seconds)")
        }
        let open = ReadsJournal.Open(key: "html/a\"b\\c\u{1B}[31m/é", openedAt: "2026-11-25T20:50:00Z")
        let line = ReadsJournal.line(open)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(try JSONDecoder().decode(ReadsJournal.Open.self, from: Data(line.dropLast())) == open)
        #expect(String(decoding: line.dropLast(), as: UTF8.self).hasPrefix(#"{"key":"html/a\""#), "slashes as they are")
        try store.reads.record(open.key)
        #expect(try store.reads.recent(limit: 1).map(\.key) == [open.key])
    }

    @Test func aLineTornByAKilledProcessIsNeverReadAndTheNextOpenStandsApart() throws {
        try store.reads.record("rfc/1")
        // What `kill -9` in the middle of a write leaves: half a line, no newline.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.reads.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"key":"rfc/79"#.utf8))
        try handle.close()
        #expect(try store.reads.recent(limit: 10).map(\.key) == ["rfc/1"])
        try store.reads.record("rfc/2")
        #expect(try store.reads.recent(limit: 10).map(\.key) == ["rfc/2", "rfc/1"])
    }

    @Test func membersItDoesNotKnowAreLeftForLaterVersions() throws {
        let line = #"{"key":"rfc/8446","openedAt":"2026-11-25T10:00:00Z","device":"laptop","position":"section-4"}"# + "\n"
        try Data(line.utf8).write(to: URL(fileURLWithPath: store.reads.path))
        #expect(try store.reads.recent(limit: 10) == [ReadsJournal.Open(key: "rfc/8446", openedAt: "2026-11-25T10:00:00Z")])
    }

    @Test func itIsFoldedBeforeItGrowsWithoutBound() throws {
        for number in 1...1500 { try store.reads.record("rfc/\(number)") }
        let size = try #require(FileManager.default.attributesOfItem(atPath: store.reads.path)[.size] as? Int)
        #expect(size <= ReadsJournal.foldSize, "\(size) bytes")
        let recent = try store.reads.recent(limit: 1000)
        #expect(recent.first?.key == "rfc/1500")
        #expect(recent.count >= ReadsJournal.keptKeys && recent.count < 1500)
    }

    @Test func aLinkInItsPlaceIsNeverWrittenThrough() throws {
        let outside = try temporaryFolder("outside") + "/target"
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: store.reads.path, withDestinationPath: outside)
        #expect(throws: (any Error).self) { try store.reads.record("rfc/793") }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "mine\n")
    }
}
