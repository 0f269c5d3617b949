import ObjectStorage
import Testing

/// The server's `Date`, by which `gc --remote` times its grace period.
@Suite struct HTTPDateTests {
    @Test func anIMFFixdateIsSecondsSince1970() {
        // RFC 9110's example, and a leap day.
        #expect(HTTPDate.seconds("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.seconds("Thu, 29 Feb 2024 23:59:59 GMT") == 1_709_251_199)
        #expect(HTTPDate.seconds("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
    }

    @Test func anythingElseIsNoTime() {
        for text in [
            "", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 32 Nov 1994 08:49:37 GMT",
            "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
        ] {
            #expect(HTTPDate.seconds(text) == nil, "\(text)")
        }
    }
}
