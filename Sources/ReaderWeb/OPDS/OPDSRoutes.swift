import Foundation
import Hummingbird
import ReaderKit

/// `/opds…` and `/export.epub?key=K` (``OPDSFeed``): GETs that read the store and never
/// fetch, answered as Atom, OpenSearch or EPUB; behind the same Host check and headers as
/// every page.
extension Site {
    func addOPDS(
        to router: Router<BasicRequestContext>,
        page: (RouterPath, @escaping @Sendable (Request, BasicRequestContext) async throws -> Response) -> Void
    ) {
        page("/opds") { [self] _, _ in try await feed { try OPDSFeed.root($0) } }
        page("/opds/recent") { [self] _, _ in try await feed { try OPDSFeed.recent($0) } }
        page("/opds/sources") { [self] _, _ in try await feed { try OPDSFeed.sources($0) } }
        page("/opds/source") { [self] request, _ in
            let name = FormFields(request.uri.query)["name"] ?? ""
            return try await feed { try OPDSFeed.source(name, $0) }
        }
        page("/opds/tag") { [self] request, _ in
            let name = FormFields(request.uri.query)["name"] ?? ""
            return try await feed { try OPDSFeed.tag(name, $0) }
        }
        page("/opds/search") { [self] request, _ in
            let words = FormFields(request.uri.query)["q"] ?? ""
            return try await feed { try OPDSFeed.search(words, $0) }
        }
        page("/opds/search.xml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: OPDSFeed.searchType],
                body: .init(byteBuffer: ByteBuffer(string: OPDSFeed.searchDescription)))
        }
        page("/export.epub") { [self] request, _ in
            guard let key = FormFields(request.uri.query)["key"] else { return plain(.notFound, "name a document: /export.epub?key=KEY") }
            do {
                let reader = reader
                let chapters = try await reader.exportChapters(keys: [key])
                let bytes = try await Site.blocking { [reader] in try reader.book(chapters).bytes() }
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: "application/epub+zip", .contentDisposition: "attachment; filename=\"\(Self.bookName(key)).epub\"",
                    ],
                    body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            } catch ReaderError.notInStore {
                return plain(.notFound, "not in the store")
            }
        }
    }

    private func feed(_ make: @escaping @Sendable (Reader) throws -> OPDSFeed) async throws -> Response {
        let reader = reader
        let feed = try await Site.blocking { try make(reader) }
        return Response(status: .ok, headers: [.contentType: feed.contentType], body: .init(byteBuffer: ByteBuffer(string: feed.xml)))
    }

    private func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    /// A file name from a key: letters, digits, `-` and `_` kept, every other run one `-`.
    static func bookName(_ key: String) -> String {
        var name = ""
        for scalar in key.unicodeScalars {
            let keep = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
            if keep { name.unicodeScalars.append(scalar) } else if !name.hasSuffix("-") { name += "-" }
        }
        let trimmed = String(name.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "document" : trimmed
    }
}
