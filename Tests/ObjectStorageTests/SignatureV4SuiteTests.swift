import Foundation
import ObjectStorage
import Testing

/// Every case of AWS's Signature V4 test suite (`Tests/Corpus/sigv4/`, its README says which
/// are left out and why): the canonical request, the string to sign and the `Authorization`
/// header, byte for byte.
@Suite struct SignatureV4SuiteTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/sigv4/aws-sig-v4-test-suite")

    /// Every folder holding a `<name>.req`, by name.
    static let cases: [String] = {
        let found = FileManager.default.enumerator(atPath: suite.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".req") }.map { String($0.dropLast(".req".count)) }.sorted()
    }()

    static let signer = SignatureV4(
        credentials: Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", service: "service")

    @Test func theSuiteIsThere() {
        #expect(Self.cases.count == 24)
    }

    @Test(arguments: cases) func reproducesTheCase(_ path: String) throws {
        func read(_ suffix: String) throws -> String {
            try String(contentsOf: Self.suite.appendingPathComponent(path + suffix), encoding: .utf8)
        }
        var (request, amzDate) = try Self.parse(try read(".req"))
        #expect(Self.signer.canonicalRequest(request) == (try read(".creq")))
        let asRequested = Self.signer.authorization(request, amzDate: amzDate)
        if Self.signedWithoutContentLength.contains(where: path.hasSuffix) {
            request.headers.removeAll { $0.name.lowercased() == "content-length" }
        }
        if path.hasSuffix("/post-x-www-form-urlencoded-parameters") {
            request.headers = request.headers.map { header in
                header.name.lowercased() == "content-type" ? (header.name, "application/x-www-form-urlencoded; charset=utf8") : header
            }
        }
        #expect(Self.signer.stringToSign(request, amzDate: amzDate) == (try read(".sts")))
        let authorization = Self.signer.authorization(request, amzDate: amzDate)
        let expected = try read(".authz")
        if path.hasSuffix("/post-x-www-form-urlencoded-parameters") {
            // Its `.authz` lists the headers of its `.creq` with the signature of its `.sts`.
            let headers = asRequested.components(separatedBy: ", Signature=")[0]
            let signature = authorization.components(separatedBy: ", Signature=").last ?? ""
            #expect(expected == headers + ", Signature=" + signature)
        } else {
            #expect(authorization == expected)
        }
    }

    /// Two cases of the suite disagree with themselves: the `.creq` signs `Content-Length`,
    /// while the `.sts` and `.authz` were made without it (their `.sreq` sends none, and the
    /// `.sts` holds the hash of the canonical request without that line); the second's were
    /// also made with `charset=utf8`, as AWS's first edition of the suite wrote it, where its
    /// `.req` now says `utf-8`. Each file is checked against the request it was made from.
    static let signedWithoutContentLength = ["/post-x-www-form-urlencoded", "/post-x-www-form-urlencoded-parameters"]

    struct Unreadable: Error {}

    /// A `.req` file: `METHOD PATH?QUERY HTTP/1.1`, header lines (an indented line continues
    /// the header before it), an empty line, the body.
    static func parse(_ text: String) throws -> (SignatureV4.Request, amzDate: String) {
        let parts = text.components(separatedBy: "\n\n")
        let head = parts[0].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let body = parts.dropFirst().joined(separator: "\n\n")
        let requestLine = head[0].split(separator: " ")
        guard requestLine.count >= 3 else { throw Unreadable() }
        let target = requestLine[1...(requestLine.count - 2)].joined(separator: " ")
        let path = String(target.prefix { $0 != "?" })
        let queryText = target.dropFirst(path.count + 1)
        let query: [(name: String, value: String)] = queryText.split(separator: "&").map { pair in
            let name = pair.prefix { $0 != "=" }
            return (name: String(name), value: String(pair.dropFirst(name.count + 1)))
        }
        var headers: [(name: String, value: String)] = []
        for line in head.dropFirst() {
            if line.first == " " || line.first == "\t", let last = headers.popLast() {
                headers.append((last.name, last.value + "\n" + line))
            } else if let colon = line.firstIndex(of: ":") {
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
            }
        }
        guard let amzDate = headers.first(where: { $0.name.lowercased() == "x-amz-date" })?.value else { throw Unreadable() }
        let request = SignatureV4.Request(
            method: String(requestLine[0]), path: path, query: query, headers: headers,
            payloadHash: SignatureV4.payloadHash(Array(body.utf8)))
        return (request, amzDate)
    }
}
