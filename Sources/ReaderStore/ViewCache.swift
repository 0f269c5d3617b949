import ReaderPluginAPI
import ReaderSupport

/// `views/<document blob>/<variant>`: documents as last rendered, the way `man` keeps cat
/// pages, so that opening a stored document again writes bytes instead of decoding and laying
/// out a document. A variant is one set of render options for one version of the renderers.
///
/// Derived data, checked when read: the header records the length of the text and, for a
/// document described by another (RFC 793 by the index), which version of that entry it was
/// rendered with. A view is used only while that is still the stored one; anything else is
/// rendered again. `gc` removes the views of documents no longer stored.
package struct ViewCache: Sendable {
    let folder: String

    /// What a view was rendered from, beyond its document.
    package struct Dependency: Equatable {
        /// The catalog key of the describing document (`rfc-index`), if the document has one.
        package var key: String
        /// Its document blob at render time; nil when it was not stored.
        package var document: BlobID?

        package init(key: String, document: BlobID?) {
            self.key = key
            self.document = document
        }
    }

    func path(of document: BlobID, _ variant: String) -> String { "\(folder)/\(document.hex)/\(variant)" }

    /// The view, if there is one and `isCurrent` accepts each of its dependencies.
    package func read(_ document: BlobID, variant: String, isCurrent: (Dependency) -> Bool) -> String? {
        guard let bytes = try? FileSystem.read(path(of: document, variant)),
            let newline = bytes.firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ", maxSplits: 4)
        guard header.count >= 4, header[0] == "reader-view", let length = Int(header[2]), length == bytes.count - newline - 1
        else { return nil }
        switch header[1] {
        case "1":
            if header[3] != "-" {
                guard header.count == 5, case .string(let key)? = JSONValue(jsonText: String(header[4])) else { return nil }
                guard isCurrent(Dependency(key: key, document: BlobID(hex: String(header[3])))) else { return nil }
            }
        case "2":
            // Several: `[["rfc-index","<hex>"],["errata",null]]` (a null document: not stored then).
            let text = header.dropFirst(3).joined(separator: " ")
            guard case .array(let pairs)? = JSONValue(jsonText: text) else { return nil }
            for pair in pairs {
                guard case .array(let parts) = pair, parts.count == 2, case .string(let key) = parts[0] else { return nil }
                let blob: BlobID?
                switch parts[1] {
                case .null: blob = nil
                case .string(let hex):
                    guard let id = BlobID(hex: hex) else { return nil }
                    blob = id
                default: return nil
                }
                guard isCurrent(Dependency(key: key, document: blob)) else { return nil }
            }
        default: return nil
        }
        return String(decoding: bytes[(newline + 1)...], as: UTF8.self)
    }

    package func write(_ text: String, _ document: BlobID, variant: String, dependency: Dependency?) throws {
        try write(text, document, variant: variant, dependencies: dependency.map { [$0] } ?? [])
    }

    package func write(_ text: String, _ document: BlobID, variant: String, dependencies: [Dependency]) throws {
        let body = Array(text.utf8)
        var header: String
        if dependencies.count > 1 {
            let pairs = dependencies.map { JSONValue.array([.string($0.key), $0.document.map { .string($0.hex) } ?? .null]) }
            header = "reader-view 2 \(body.count) " + JSONValue.array(pairs).jsonText
        } else if let dependency = dependencies.first {
            header = "reader-view 1 \(body.count) " + (dependency.document?.hex ?? "none") + " " + JSONValue.string(dependency.key).jsonText
        } else {
            header = "reader-view 1 \(body.count) -"
        }
        let path = path(of: document, variant)
        try FileSystem.makeFolders(FileSystem.parent(of: path))
        try FileSystem.writeAtomically(Array((header + "\n").utf8) + body, to: path, durable: false)
    }

    /// The documents that have views.
    func documents() -> [BlobID] {
        FileSystem.list(folder).compactMap { BlobID(hex: $0) }
    }

    func remove(of document: BlobID) throws {
        let documentFolder = "\(folder)/\(document.hex)"
        for name in FileSystem.list(documentFolder) { try FileSystem.remove("\(documentFolder)/\(name)") }
        try FileSystem.removeFolder(documentFolder)
    }
}
