import Foundation
import Testing

@testable import ReaderSupport

/// What the process freed inside its heap goes back to the system when asked: what keeps the
/// steps that end a large mirror (its last fold, the catalog's compaction) from setting its peak.
@Suite struct FreedMemoryTests {
    #if os(Linux)
    @Test func pagesFreedInsideTheHeapAreGivenBack() throws {
        // Blocks below glibc's mmap threshold, from the heap; the last one kept pins the heap's
        // top, so that freeing the others gives nothing back by itself. 64 MiB, so that what
        // other tests allocate meanwhile cannot hide it.
        let blockSize = 64 << 10
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0..<1024 {
            let block = try #require(malloc(blockSize))
            memset(block, 1, blockSize)
            blocks.append(block)
        }
        let pin = blocks.removeLast()
        defer { free(pin) }
        for block in blocks { free(block) }
        let before = try residentAnonymousBytes()
        FreedMemory.giveBack()
        let after = try residentAnonymousBytes()
        #expect(before - after >= 32 << 20, "\(before >> 20) MiB before, \(after >> 20) MiB after")
    }

    /// `RssAnon` of `/proc/self/status`: the process's own pages, not its files'.
    private func residentAnonymousBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""))
        return kilobytes << 10
    }
    #endif
}
