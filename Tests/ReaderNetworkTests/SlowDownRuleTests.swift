import Foundation
import NetworkAccess
import Testing

/// `Retry-After` read as RFC 9110 writes it, and the bound on waiting.
@Suite struct SlowDownRuleTests {
    let now = Date(timeIntervalSince1970: 1_784_000_000)

    @Test func secondsOrAnHTTPDate() {
        #expect(SlowDown.seconds("7") == 7)
        #expect(SlowDown.seconds(" 0 ") == 0)
        #expect(SlowDown.seconds("-3") == nil)
        #expect(SlowDown.seconds("soon") == nil)
        let later = now.addingTimeInterval(30)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(SlowDown.seconds(formatter.string(from: later), now: now) == 30)
        // A date already past: ask again at once.
        #expect(SlowDown.seconds(formatter.string(from: now.addingTimeInterval(-100)), now: now) == 0)
    }

    @Test func only429And503WithinTheBoundAreWaitedFor() {
        #expect(SlowDown.wait(status: 429, retryAfter: "2", attempt: 1) == 2)
        #expect(SlowDown.wait(status: 503, retryAfter: "60", attempt: 5) == 60)
        #expect(SlowDown.wait(status: 503, retryAfter: "61", attempt: 1) == nil)
        #expect(SlowDown.wait(status: 429, retryAfter: "1", attempt: 6) == nil)
        #expect(SlowDown.wait(status: 429, retryAfter: nil, attempt: 1) == nil)
        #expect(SlowDown.wait(status: 500, retryAfter: "1", attempt: 1) == nil)
    }
}
