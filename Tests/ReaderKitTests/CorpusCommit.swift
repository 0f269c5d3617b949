import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderStore

extension Reader {
    /// Stores the corpus RFC `file` (under `Tests/Corpus/rfc/`) as `key`, parsed by the RFC
    /// module and committed as a fetch commits it: the store's own write path, without a server.
    func storeCorpusRFC(_ file: String, as key: String) throws {
        let raw = try Corpus.bytes("rfc/" + file)
        let module = try #require(builtinModules.first { $0.descriptor.name == "rfc-text" })
        let document = try module.parse(ParseInput(bytes: raw, requestType: "rfc", key: key, mediaType: "text/plain"))
        _ = try store.commit(key: key, raw: raw, document: document) { rawID, documentID in
            CatalogEntry(
                requestType: "rfc", url: nil, raw: rawID, document: documentID, mediaType: "text/plain", charset: nil,
                fetchedAt: "2026-11-27T00:00:00Z", etag: nil, lastModified: nil, module: "rfc-text", moduleVersion: "1",
                size: raw.count, title: document.title)
        }
    }
}
