import Foundation
import ReaderPluginAPI

/// A document ready to render, with what the store says about it.
public struct OpenedDocument: Sendable {
    public var document: Document
    /// Banner lines from the entry that describes it ("Obsoleted by RFC 9293").
    public var notices: [String]
    /// Keys the describing entry adds to the JSON output (`obsoletedBy`, `updatedBy`).
    public var annotations: [String: JSONValue]

    public init(document: Document, notices: [String] = [], annotations: [String: JSONValue] = [:]) {
        self.document = document
        self.notices = notices
        self.annotations = annotations
    }
}

extension Reader {
    /// Opens a request: from the store, fetching it first when absent (unless offline); a
    /// local file is read and parsed directly.
    public func open(_ request: Request) async throws -> OpenedDocument {
        let document: Document
        if case .file(let path) = request {
            document = try await parseFile(path)
        } else {
            let key = try key(of: request)
            // The catalog is read once when the document is stored: this is the hot path of `open`.
            var entry = try store.entry(key)
            if entry == nil && !configuration.offline {
                try await fetch(request)
                entry = try store.entry(key)
            }
            guard let entry else { throw ReaderError.notStored(key: key, command: request.fetchCommand) }
            document = try await current(entry, key: key)
        }
        return describe(document)
    }

    /// Reads and parses a local file; the module is chosen by the content, then the name.
    func parseFile(_ path: String) async throws -> Document {
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.read(path, limit: configuration.limits.maxBodyBytes) else {
                throw ReaderError.usage("\(path): no such file")
            }
            bytes = read
        } catch let error as FileSystem.Failure {
            throw ReaderError.usage(error.description)
        }
        let sample = Sample(prefix: bytes.prefix(4096), fileName: (path as NSString).lastPathComponent)
        guard let module = registry.module(recognizing: sample) else {
            throw ReaderError.parse(ParseError(module: "reader", location: path, reason: "no source recognises this file"))
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        let input = ParseInput(
            bytes: bytes, requestType: module.descriptor.requestTypes.first ?? "", key: absolute.path, url: absolute.absoluteString)
        return try await parsers.parse(module, input)
    }

    /// The stored document of `entry`, parsed again from the raw bytes when the module that
    /// made it has changed since.
    func current(_ entry: CatalogEntry, key: String) async throws -> Document {
        guard let module = registry.module(for: entry.requestType), module.descriptor.version != entry.moduleVersion
        else { return try self.document(of: entry) }
        let raw = try store.raw(of: entry)
        let input = ParseInput(
            bytes: raw, requestType: entry.requestType, key: key, url: entry.url, mediaType: entry.mediaType,
            charset: entry.charset)
        let document = try await parsers.parse(module, input)
        var updated = entry
        _ = try? store.commit(key: key, raw: raw, document: document) { rawID, documentID in
            updated.raw = rawID
            updated.document = documentID
            updated.module = module.descriptor.name
            updated.moduleVersion = module.descriptor.version
            return updated
        }
        try? store.compactCatalog()
        return document
    }

    /// Adds what the describing entry (RFC 793's line in the stored index) says.
    func describe(_ document: Document) -> OpenedDocument {
        guard let reference = document.describedBy,
            let entry = try? store.entry(reference.key),
            let match = try? store.indexEntry(reference.id, of: entry)
        else { return OpenedDocument(document: document) }
        return OpenedDocument(document: document, notices: match.notices, annotations: match.annotations)
    }
}
