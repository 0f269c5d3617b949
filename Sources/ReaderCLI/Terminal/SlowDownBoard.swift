import Foundation
import NetworkAccess
import ReaderKit
import Synchronization

/// The waits a remote's server asked for (429 or 503 with `Retry-After`), for the push and
/// pull bar to show: told from the bucket's requests, read when the bar is drawn.
final class SlowDownBoard: Sendable {
    static let shared = SlowDownBoard()
    private let until = Mutex<Date?>(nil)

    /// A wait of `seconds` begins (0: one ended).
    func wait(_ seconds: Int) {
        guard seconds > 0 else { return }
        let end = Date().addingTimeInterval(Double(seconds))
        until.withLock { $0 = max($0 ?? end, end) }
    }

    /// Seconds still to wait, when a wait is under way.
    var remaining: Int? {
        until.withLock { until in
            guard let left = until?.timeIntervalSinceNow, left > 0 else { return nil }
            return Int(left.rounded(.up))
        }
    }
}

/// A request's route in `--verbose`'s words; a proxy's credentials never shown.
enum RouteWords {
    static func describe(_ route: ProxyEnvironment.Route) -> String {
        switch route {
        case .direct: "direct (no proxy)"
        case .bypassed(let entry): "direct (no_proxy names '\(entry)')"
        case .proxy(let server, let variable): "through the proxy \(server) (\(variable))"
        }
    }
}
