import Foundation
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderKit
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport

@Suite struct SanitizerTests {
    @Test(arguments: [
        ("plain\ttext\n", "plain\ttext\n"),
        ("red \u{1B}[31mtext\u{1B}[0m", "red text"),
        ("title \u{1B}]0;pwned\u{07}after", "title after"),
        ("osc st \u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "osc st link"),
        ("dcs \u{1B}Pq#0;2;0;0;0\u{1B}\\end", "dcs end"),
        ("apc \u{1B}_payload\u{1B}\\end", "apc end"),
        ("c1 \u{9B}2Jcsi", "c1 csi"),
        ("bell\u{07} del\u{7F} nul\u{00}", "bell del nul"),
        ("over\rwrite", "overwrite"),
        ("bidi \u{202E}evil\u{202C} \u{2066}x\u{2069}", "bidi evil x"),
        ("reset \u{1B}c done", "reset  done"),
        ("accents stay: Fältström, emoji 🎶", "accents stay: Fältström, emoji 🎶"),
    ])
    func hostileSequencesNeverReachTheTerminal(input: String, expected: String) {
        #expect(TerminalSanitizer.clean(input, colour: true) == expected)
    }

    @Test func styleMarkersBecomeANSIOnlyWithColour() {
        let styled = "\(TerminalSanitizer.Style.boldOn)Title\(TerminalSanitizer.Style.boldOff)"
        #expect(TerminalSanitizer.clean(styled, colour: true) == "\u{1B}[1mTitle\u{1B}[22m")
        #expect(TerminalSanitizer.clean(styled, colour: false) == "Title")
    }

    /// Most text passes the byte check whole; one hostile character deep in a long clean text
    /// still sends it through the filter.
    @Test(arguments: ["\u{85}", "\u{9B}", "\u{1B}", "\u{7F}", "\u{202E}", "\u{200F}", "\u{2068}", "\u{061C}", "\u{0D}", "\u{F8F0}"])
    func oneHostileCharacterInALongCleanTextIsCaught(hostile: String) throws {
        let clean =
            String(decoding: try Corpus.bytes("rfc/rfc793.txt"), as: UTF8.self).replacingOccurrences(of: "\u{0C}", with: "")
            + " Fältström 日本 🎶 “quotes” — dash\n"
        #expect(TerminalSanitizer.clean(clean, colour: false) == clean.replacingOccurrences(of: "\r\n", with: "\n"))
        let middle = clean.index(clean.startIndex, offsetBy: clean.count / 2)
        let hostileText = String(clean[..<middle]) + hostile + String(clean[middle...])
        let cleaned = TerminalSanitizer.clean(hostileText, colour: false)
        #expect(!cleaned.unicodeScalars.contains { hostile.unicodeScalars.contains($0) })
        #expect(cleaned.utf8.count >= clean.utf8.count - 2)
    }
}
