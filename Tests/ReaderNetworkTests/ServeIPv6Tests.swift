import AsyncHTTPClient
import Foundation
import ReaderTestHarness
import Testing

/// `reader serve --host ::1`: the site on IPv6's loopback, its own `Host: [::1]:PORT` accepted.
@Suite struct ServeIPv6Tests {
    @Test func theSiteAnswersOnTheIPv6Loopback() async throws {
        guard Daemon.accepts(host: "::1", port: 9) || (try? freePort(v6: true)) != nil else {
            print("SKIPPED: no IPv6 loopback on this machine")
            return
        }
        let port = try freePort(v6: true)
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("serve-v6")])
        let serve = try reader.spawn(["serve", "--host", "::1", "--port", "\(port)"])
        defer {
            serve.kill()
            Task { _ = try? await serve.wait(timeout: 10) }
        }
        for _ in 0..<500 where !Daemon.accepts(host: "::1", port: port) { try await Task.sleep(for: .milliseconds(20)) }
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://[::1]:\(port)/"), timeout: .seconds(30))
        #expect(response.status == .ok)
        #expect(response.headers.first(name: "Content-Type")?.hasPrefix("text/html") == true)
        // Another name for the same address is refused (DNS rebinding).
        var rebinding = HTTPClientRequest(url: "http://[::1]:\(port)/")
        rebinding.headers.replaceOrAdd(name: "Host", value: "evil.example:\(port)")
        let refused = try await HTTPClient.shared.execute(rebinding, timeout: .seconds(30))
        #expect(refused.status != .ok)
    }
}
