import Testing

@testable import ReaderWeb

/// `reader serve` notes a page shown as an open ("Recently read"), but not the page it noted
/// last shown again within a minute: a reload or a client polling one page changes nothing the
/// list shows, and noting each showing took half of what a kept page costs to serve.
@Suite struct ReadNoteTests {
    @Test func thePageNotedLastIsNotedAgainOnlyAfterAnotherPageOrAMinute() {
        let last = LastRead()
        let start = ContinuousClock.now
        #expect(last.isNew("rfc/793", now: start))
        #expect(!last.isNew("rfc/793", now: start + .seconds(59)))
        // Another page between: each is an open that changes the list's order.
        #expect(last.isNew("rfc/8446", now: start + .seconds(59)))
        #expect(last.isNew("rfc/793", now: start + .seconds(59)))
        #expect(!last.isNew("rfc/793", now: start + .seconds(118)))
        // A minute after it was last noted: noted again, its time brought forward.
        #expect(last.isNew("rfc/793", now: start + .seconds(119)))
    }
}
