import Crypto

/// AWS Signature Version 4 (header-based): the canonical request, the string to sign and the
/// `Authorization` header, byte for byte as AWS's published test suite has them
/// (`Tests/ObjectStorageTests/SignatureV4Cases`). S3's variant: paths are not normalized.
public struct SignatureV4: Sendable {
    public let credentials: Credentials
    public let region: String
    public let service: String

    public init(credentials: Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// What is signed: a request as it will be sent.
    public struct Request: Sendable {
        public var method: String
        /// The path, not yet percent-encoded (an object key as it is named).
        public var path: String
        /// Query parameters, not yet percent-encoded, in any order.
        public var query: [(name: String, value: String)]
        /// Every header to sign, names in any case; a name given twice is signed as one
        /// header whose values are joined by commas, in the order given.
        public var headers: [(name: String, value: String)]
        /// The lowercase hex SHA-256 of the body (or `UNSIGNED-PAYLOAD`).
        public var payloadHash: String

        public init(
            method: String, path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)],
            payloadHash: String
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.payloadHash = payloadHash
        }
    }

    /// The canonical request (task 1 of the signing process).
    public func canonicalRequest(_ request: Request) -> String {
        let headers = Self.canonicalHeaders(request.headers)
        return [
            request.method,
            URIEncoding.encodePath(request.path.isEmpty ? "/" : request.path),
            Self.canonicalQuery(request.query),
            headers.map { "\($0.name):\($0.value)\n" }.joined(),
            headers.map(\.name).joined(separator: ";"),
            request.payloadHash,
        ].joined(separator: "\n")
    }

    /// The string to sign (task 2), at `amzDate` (`20150830T123600Z`).
    public func stringToSign(_ request: Request, amzDate: String) -> String {
        [
            "AWS4-HMAC-SHA256",
            amzDate,
            scope(amzDate),
            Self.hex(SHA256.hash(data: Array(canonicalRequest(request).utf8))),
        ].joined(separator: "\n")
    }

    /// The `Authorization` header's value (tasks 3 and 4).
    public func authorization(_ request: Request, amzDate: String) -> String {
        let day = String(amzDate.prefix(8))
        var key = SymmetricKey(data: Array(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        let signature = HMAC<SHA256>.authenticationCode(for: Array(stringToSign(request, amzDate: amzDate).utf8), using: key)
        let signed = Self.canonicalHeaders(request.headers).map(\.name).joined(separator: ";")
        return
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(amzDate)), SignedHeaders=\(signed), Signature=\(Self.hex(signature))"
    }

    private func scope(_ amzDate: String) -> String {
        "\(amzDate.prefix(8))/\(region)/\(service)/aws4_request"
    }

    /// Query parameters encoded, sorted by name then value, joined by `&`.
    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        query.map { (URIEncoding.encode($0.name), URIEncoding.encode($0.value)) }
            .sorted { $0.0 == $1.0 ? $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) : $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    /// Names lower-cased and sorted; values trimmed, runs of spaces made one, line breaks of a
    /// folded value made commas, repeated names joined by commas in the order given.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var values: [String: [String]] = [:]
        for header in headers {
            let lines = header.value.split(whereSeparator: \.isNewline).map { collapse($0) }.filter { !$0.isEmpty }
            values[header.name.lowercased(), default: []].append(lines.joined(separator: ","))
        }
        return values.keys.sorted().map { ($0, values[$0, default: []].joined(separator: ",")) }
    }

    private static func collapse(_ text: Substring) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ").trimmingSpaces
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The lowercase hex SHA-256 of `bytes`: a payload hash.
    public static func payloadHash(_ bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
