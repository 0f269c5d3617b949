import Foundation
import Testing

@testable import ReaderSupport

/// The commands `reader` prints to be pasted (`reader open 9110 --section '…'`): whatever a
/// word holds, the shell reads back that word.
@Suite struct ShellWordTests {
    /// Synthetic words, each an edge: a plain one, spaces, quotes (alone, doubled, at the ends),
    /// a quote followed by a combining mark (one `Character`, two scalars), `$` and backquotes.
    static let words = [
        "9110", "Getting started", "Don't panic", "''", "'a'", "it'\u{301}s", "$HOME `id` \\n", "caf\u{E9} \u{1F600}",
    ]

    @Test(arguments: words) func theShellReadsTheWordBack(word: String) throws {
        let quoted = ShellWord.quoted(word)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "printf %s " + quoted]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(String(decoding: read, as: UTF8.self) == word, "\(quoted)")
    }

    @Test func aPlainWordIsLeftAsItIs() {
        #expect(ShellWord.quoted("rfc/9110") == "rfc/9110")
        #expect(ShellWord.quoted("") == "''")
    }
}
