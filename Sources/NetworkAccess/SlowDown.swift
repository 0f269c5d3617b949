import Foundation

/// A server's "slow down": 429 Too Many Requests, or 503 Service Unavailable, with a
/// `Retry-After` of delta-seconds (`120`) or an HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`).
/// The request is repeated after the wait, within a bound: a wait of at most
/// ``longestWait`` seconds, at most ``retries`` times for one request; past either, the
/// answer is the failure it always was. Without `Retry-After` nothing is waited for here.
public struct SlowDown: Sendable, Equatable {
    /// The longest wait obeyed, in seconds: a server asking for more is down, not busy.
    public static let longestWait = 60
    /// Repeats of one request.
    public static let retries = 5

    /// Seconds to wait before asking again, or nil when this answer is not a "slow down" to
    /// obey: another status, no or unreadable `Retry-After`, a wait over the bound, or the
    /// `attempt`th repeat (from 1) past ``retries``.
    public static func wait(status: Int, retryAfter: String?, attempt: Int, now: Date = Date()) -> Int? {
        guard status == 429 || status == 503, attempt <= retries, let retryAfter,
            let seconds = seconds(retryAfter, now: now), seconds <= longestWait
        else { return nil }
        return seconds
    }

    /// The seconds `Retry-After` asks for (a date in the past: 0).
    public static func seconds(_ value: String, now: Date = Date()) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) { return Int(text.prefix(9)) }
        guard let date = httpDate(text) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    /// RFC 9110's IMF-fixdate, and the two obsolete forms a server may still send.
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// Waits `seconds`, cancellably: Ctrl-C ends the wait at once (CancellationError).
    public static func sleep(_ seconds: Int) async throws {
        try await Task.sleep(for: .seconds(seconds))
    }
}
