import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1

/// Every way a test meets the site: in process through the router, and on a real port.
///
/// Not HummingbirdTesting's `.live` client: it gives every request 20 s, fixed, and on a loaded
/// CI machine a page of the shared store once took longer (a read timeout, not a wrong page).
/// On a real port the pages are asked with AsyncHTTPClient and two minutes.
enum Way: Sendable, CustomStringConvertible {
    case router, live

    var description: String { self == .router ? "router" : "live" }
}

let bothWays: [Way] = [.router, .live]

/// A page as a test reads it, however it was asked.
struct Page: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer

    var text: String { String(buffer: body) }

    /// The body as a JSON value, or a failed expectation.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}

/// What a test asks of the site: `get` as a browser does, or any method.
protocol SiteClient: Sendable {
    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields) async throws -> Page
}

extension SiteClient {
    /// `GET path`, as a browser asks (HTML) unless `accept` says otherwise.
    func get(_ path: String, accept: String = "text/html,application/xhtml+xml,*/*;q=0.8") async throws -> Page {
        try await execute(uri: path, method: .get, headers: [.accept: accept])
    }
}

/// The router, in process.
private struct RouterClient: SiteClient {
    let client: any TestClientProtocol

    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields) async throws -> Page {
        let response = try await client.execute(uri: uri, method: method, headers: headers)
        return Page(status: response.status, headers: response.headers, body: response.body)
    }
}

/// A real port on loopback.
private struct PortClient: SiteClient {
    let port: Int

    /// A redirect is a page a test reads (`/doc?key=rfc-index` answers 303), not one to follow.
    /// Never shut down: it lives as long as the test process.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields) async throws -> Page {
        var request = HTTPClientRequest(url: "http://localhost:\(port)\(uri)")
        request.method = HTTPMethod(rawValue: method.rawValue)
        for field in headers { request.headers.add(name: field.name.rawName, value: field.value) }
        let response = try await Self.client.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 64 << 20)
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return Page(status: HTTPResponse.Status(code: Int(response.status.code)), headers: fields, body: body)
    }
}

extension ApplicationProtocol {
    /// Runs `body` against this site the given way.
    func visit<Value: Sendable>(_ way: Way, _ body: @Sendable (any SiteClient) async throws -> Value) async throws -> Value {
        switch way {
        case .router:
            return try await test(.router) { client in try await body(RouterClient(client: client)) }
        case .live:
            return try await test(.live) { client in
                guard let port = client.port else { throw HTTPClientError.connectTimeout }
                return try await body(PortClient(port: port))
            }
        }
    }
}
