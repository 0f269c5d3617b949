import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRemote
@testable import ReaderStore
@testable import ReaderSupport

/// The two ways a blob is inflated: in one pass while it is small, and counted first, then
/// inflated into a buffer of its exact size, once it passes the eager limit.
@Suite struct ZlibLimitTests {
    @Test func aBlobLargerThanTheEagerLimitReadsBackExactly() throws {
        let index = try Corpus.bytes("rfc/rfc-index.txt")
        let stored = try Zlib.compress(index)
        #expect(try Zlib.decompress(stored, limit: 4 << 20, eager: 64 << 10) == index)
        #expect(try Zlib.decompress(stored, limit: 4 << 20) == index)
    }

    /// Compressors are kept from one call to the next and handed to one thread at a time: the
    /// corpus's RFCs compressed at two levels on sixteen tasks at once, each many times, all read
    /// back as they were, each the same stream as when compressed alone (one compressor used by
    /// two threads at once would mix their tables and their output).
    @Test func compressorsKeptForReuseServeOneCallerAtATime() async throws {
        let texts = try ["rfc/rfc793.txt", "rfc/rfc2616.txt", "rfc/rfc3986.txt", "rfc/rfc8446.txt"].map { try Corpus.bytes($0) }
        var alone: [[UInt8]] = []
        for level: Int32 in [1, 6] { for text in texts { alone.append(try Zlib.compress(text, level: level)) } }
        let expected = alone
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for round in 0..<6 {
                        let which = (task + round) % expected.count
                        let level: Int32 = which < texts.count ? 1 : 6
                        let text = texts[which % texts.count]
                        let stored = try Zlib.compress(text, level: level)
                        #expect(stored == expected[which])
                        #expect(try Zlib.decompress(stored, limit: 4 << 20) == text)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func aStreamPastTheLimitIsRefusedEitherWay() throws {
        let stored = try Zlib.compress([UInt8](repeating: 0, count: 8 << 20))
        #expect(throws: Zlib.Failure.self) { try Zlib.decompress(stored, limit: 1 << 20) }
        #expect(throws: Zlib.Failure.self) { try Zlib.decompress(stored, limit: 1 << 20, eager: 64 << 10) }
    }

    @Test func checkStreamsAndAgreesWithGet() throws {
        let blobs = BlobStore(folder: try temporaryFolder("zlib") + "/objects", readLimit: 4 << 20)
        let id = try blobs.put(try Corpus.bytes("rfc/rfc793.txt")).id
        try blobs.check(id)
        #expect(blobs.isIntact(id))
        let path = blobs.path(of: id)
        var bytes = try #require(try FileSystem.read(path))
        bytes.removeLast(10)
        try FileSystem.writeAtomically(bytes, to: path)
        #expect(!blobs.isIntact(id))
        #expect(throws: ReaderError.damaged(what: "blob \(id)", reason: "the zlib stream is cut short (truncated)")) { try blobs.check(id) }
        #expect(throws: ReaderError.self) { try blobs.get(id) }
    }
}
