import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A page as a test reads it.
extension TestResponse {
    var text: String { String(buffer: body) }

    /// The body as a JSON value, or a failed expectation.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}

extension TestClientProtocol {
    /// `GET path`, as a browser asks (HTML) unless `accept` says otherwise.
    func get(_ path: String, accept: String = "text/html,application/xhtml+xml,*/*;q=0.8") async throws -> TestResponse {
        try await execute(uri: path, method: .get, headers: [.accept: accept])
    }
}
