import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ReaderTestHarness

/// A real browser, headless Chromium, driven through `chromedriver` over WebDriver's plain
/// HTTP and JSON (W3C WebDriver): what a person does — open a page, press keys, click a link —
/// and what they see — the address, the page's text, a screenshot.
///
/// `.ci/run` installs Debian's `chromium` and `chromium-driver`; without them the test fails
/// and says so, rather than passing untried.
final class WebDriver: Sendable {
    private let driver: ChildProcess
    private let base: String
    private let session: String

    /// The one key of an element reference in W3C WebDriver.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    struct Element: Sendable { let id: String }

    /// Starts chromedriver on a free port and a headless browser session with `arguments`
    /// added to Chromium's (`--force-dark-mode`, a window size).
    init(arguments: [String] = []) async throws {
        let driverPath = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let browserPath = ["/usr/bin/chromium", "/usr/lib/chromium/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let driverPath, let browserPath else {
            throw HarnessError("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver; .ci/run does)")
        }
        let port = try ClosedPort().port
        driver = try ChildProcess(driverPath, ["--port=\(port)"], environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()])
        base = "http://127.0.0.1:\(port)"
        // Ready when /status says so; a ceiling for a driver that never starts, not a speed.
        var ready = false
        for _ in 0..<200 where !ready {
            ready = ((try? await Self.request(base + "/status", method: .GET))?["value"] as? [String: Any])?["ready"] as? Bool == true
            if !ready { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        guard ready else {
            driver.kill()
            throw HarnessError("chromedriver did not start on port \(port)")
        }
        let options: [String: Any] = [
            "binary": browserPath,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"] + arguments,
        ]
        let answer = try await Self.request(
            base + "/session", method: .POST, body: ["capabilities": ["alwaysMatch": ["goog:chromeOptions": options]]])
        guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            driver.kill()
            throw HarnessError("no browser session: \(answer)")
        }
        session = id
    }

    /// Ends the session and the driver (and so the browser).
    func quit() async {
        _ = try? await Self.request(base + "/session/\(session)", method: .DELETE)
        driver.kill()
        _ = try? await driver.wait(timeout: 30)
    }

    func open(_ url: String) async throws {
        _ = try await command("url", ["url": url])
    }

    var url: String {
        get async throws { try await command("url", method: .GET) as? String ?? "" }
    }

    var title: String {
        get async throws { try await command("title", method: .GET) as? String ?? "" }
    }

    /// The first element `selector` matches; throws when none does.
    func element(_ selector: String) async throws -> Element {
        let value = try await command("element", ["using": "css selector", "value": selector])
        guard let reference = value as? [String: Any], let id = reference[Self.elementKey] as? String else {
            throw HarnessError("no element matches \(selector)")
        }
        return Element(id: id)
    }

    /// The first element the XPath `expression` matches (a paragraph by its words); throws when none does.
    func element(xpath expression: String) async throws -> Element {
        let value = try await command("element", ["using": "xpath", "value": expression])
        guard let reference = value as? [String: Any], let id = reference[Self.elementKey] as? String else {
            throw HarnessError("no element matches \(expression)")
        }
        return Element(id: id)
    }

    /// The mouse clicked `count` times in a row on `element`, as a person selects a word
    /// (twice) or a paragraph (three times).
    func click(_ element: Element, times count: Int) async throws {
        var actions: [[String: Any]] = [["type": "pointerMove", "origin": [Self.elementKey: element.id], "x": 0, "y": 0]]
        for _ in 0..<count {
            actions.append(["type": "pointerDown", "button": 0])
            actions.append(["type": "pointerUp", "button": 0])
        }
        let pointer: [String: Any] = ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]
        _ = try await command("actions", ["actions": [pointer]])
    }

    func click(_ element: Element) async throws {
        _ = try await command("element/\(element.id)/click", [:])
    }

    /// Keys pressed on the page, as a person types them: each character down and up. WebDriver
    /// names Enter `\u{E007}` and Escape `\u{E00C}`.
    func press(_ keys: String) async throws {
        var actions: [[String: Any]] = []
        for character in keys {
            actions.append(["type": "keyDown", "value": String(character)])
            actions.append(["type": "keyUp", "value": String(character)])
        }
        _ = try await command("actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// The value of a script run in the page (`return …`).
    func evaluate(_ script: String) async throws -> Any? {
        try await command("execute/sync", ["script": script, "args": [Any]()])
    }

    /// The window as a PNG.
    func screenshot() async throws -> [UInt8] {
        guard let encoded = try await command("screenshot", method: .GET) as? String, let data = Data(base64Encoded: encoded) else {
            throw HarnessError("no screenshot")
        }
        return [UInt8](data)
    }

    /// Waits for `condition` of the page; throws after `limit` seconds (a ceiling for a stuck
    /// page, not a speed the test asserts).
    func waitFor(_ what: String, limit: TimeInterval = 30, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(limit)
        while try await !condition() {
            guard Date() < deadline else { throw HarnessError("the browser never showed \(what); at \(try await url)") }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    private func command(_ path: String, _ body: [String: Any]? = nil, method: HTTPMethod = .POST) async throws -> Any? {
        let answer = try await Self.request(base + "/session/\(session)/" + path, method: method, body: body)
        if let error = answer["value"] as? [String: Any], let kind = error["error"] as? String {
            throw HarnessError("WebDriver \(path): \(kind): \(error["message"] as? String ?? "")")
        }
        return answer["value"]
    }

    private static func request(_ url: String, method: HTTPMethod, body: [String: Any]? = nil) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return (try JSONSerialization.jsonObject(with: Data(buffer: bytes)) as? [String: Any]) ?? [:]
    }
}
