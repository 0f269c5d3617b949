import Testing

@testable import ReaderKit

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
}
