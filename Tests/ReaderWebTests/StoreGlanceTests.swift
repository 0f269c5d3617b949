import Foundation
import ReaderKit
import ReaderTestHarness
import Testing

@testable import ReaderWeb

/// `reader serve` looks at the catalog's stamp and at whether anything is annotated at most once
/// a millisecond (``StoreGlance``): what another process stores is seen a millisecond later at
/// most, what this process stores at once, however soon the next request comes.
@Suite struct StoreGlanceTests {
    @Test func aChangeOfThisProcessIsSeenAtOnceAnotherProcesssWithinAMillisecond() async throws {
        let (_, _, reader) = try await StatedStore.fill()
        let glance = StoreGlance()
        let start = ContinuousClock.now
        let first = glance.look(reader, now: start)
        #expect(!first.annotated)

        // Another process (the built binary) tags a stored RFC: its change is in the stamp
        // only once the look is a millisecond old.
        let other = try ReaderBinary(environment: ["READER_CACHE_DIR": reader.storeRoot], runner: .binary)
        let tagged = try await other.run(["tag", "rfc/793", "+later"])
        #expect(tagged.status == 0, "\(tagged)")
        #expect(!glance.look(reader, now: start + .microseconds(500)).annotated)
        #expect(glance.look(reader, now: start + .milliseconds(2)).annotated)

        // This process stores a document: the stamp moves within the same instant.
        let before = glance.look(reader, now: start + .milliseconds(2))
        let fetched = reader.fetch([.source(type: "rfc", argument: "6093")])
        for await _ in fetched.events {}
        #expect(try (await fetched.results())["rfc/6093"]?.get().status == .fetched)
        #expect(glance.look(reader, now: start + .milliseconds(2)).stamp != before.stamp)
    }
}
