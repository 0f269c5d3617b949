import ReaderCatalog
import ReaderPluginAPI
import ReaderRendering
import ReaderStore
import ReaderSupport

/// One stored version of a document, as `reader history` lists it.
public struct DocumentVersion: Sendable, Codable, Equatable {
    /// 1 for the oldest stored; the latest has the highest.
    public var number: Int
    /// When it was fetched (or last revalidated), ISO 8601.
    public var fetchedAt: String
    /// The size of its raw bytes.
    public var size: Int
    public var title: String?
    public var latest: Bool
    /// What changed since the version before, section by section then words (nil for the first).
    public var sectionsChanged: Int?
    public var sectionsAdded: Int?
    public var sectionsRemoved: Int?
    public var wordsAdded: Int?
    public var wordsRemoved: Int?

    /// What changed, in a line: `3 sections changed, 1 added, +120 −40 words`.
    public var change: String {
        guard let changed = sectionsChanged, let added = sectionsAdded, let removed = sectionsRemoved,
            let plus = wordsAdded, let minus = wordsRemoved
        else { return "first stored" }
        var parts: [String] = []
        if changed > 0 { parts.append("\(changed) section\(changed == 1 ? "" : "s") changed") }
        if added > 0 { parts.append("\(added) added") }
        if removed > 0 { parts.append("\(removed) removed") }
        if parts.isEmpty && plus + minus == 0 { return "the same text (other bytes)" }
        parts.append("+\(plus) −\(minus) words")
        return parts.joined(separator: ", ")
    }
}

/// Which version `open --version` names: a number (1 the oldest) or a date (`2026-11-20`, or
/// any longer prefix of an ISO 8601 time as `history` prints it).
public enum VersionChoice: Sendable, Equatable {
    case number(Int)
    case date(String)

    /// Reads `--version`'s word; nil for one that is neither a positive number nor a date.
    public init?(_ word: String) {
        if let number = Int(word) {
            guard number >= 1 else { return nil }
            self = .number(number)
            return
        }
        let digits = word.unicodeScalars.filter { ("0"..."9").contains($0) }.count
        // `YYYY-MM-DD`, perhaps followed by a time, as `history` prints it.
        guard word.count >= 10, word.count <= 30, digits >= 8,
            word.unicodeScalars.allSatisfy({ $0.isASCII && !$0.properties.isWhitespace }),
            Array(word.utf8)[4] == UInt8(ascii: "-"), Array(word.utf8)[7] == UInt8(ascii: "-")
        else { return nil }
        self = .date(word)
    }
}

extension Reader {
    /// Every stored version of a request's document, oldest first (`reader history KEY`), each
    /// with what changed since the one before. Never fetches: a key not stored is
    /// ``ReaderError/notInStore(key:)``.
    public func history(_ request: Request) async throws -> [DocumentVersion] {
        let (key, entry) = try storedEntry(request)
        let versions = entry.allVersions
        var history: [DocumentVersion] = []
        var before: Document?
        for (index, version) in versions.enumerated() {
            let document = try await document(of: entry.at(version), key: key)
            var line = DocumentVersion(
                number: index + 1, fetchedAt: version.fetchedAt, size: version.size, title: version.title ?? document.title,
                latest: index == versions.count - 1)
            if let before {
                let diff = DocumentDiff(a: before, b: document)
                line.sectionsChanged = diff.count(.changed) + diff.count(.moved)
                line.sectionsAdded = diff.count(.added)
                line.sectionsRemoved = diff.count(.removed)
                line.wordsAdded = diff.parts.reduce(0) { $0 + $1.added }
                line.wordsRemoved = diff.parts.reduce(0) { $0 + $1.removed }
            }
            history.append(line)
            before = document
        }
        return history
    }

    /// Version `choice` of a request's stored document, opened as `open` opens it; never fetches.
    public func open(_ request: Request, version choice: VersionChoice) async throws -> OpenedDocument {
        let (key, entry) = try storedEntry(request)
        let (number, version) = try Self.pick(choice, of: entry, key: key)
        var opened = describe(try await document(of: entry.at(version), key: key))
        // Said on every view (a banner in text and Markdown, keys in JSON): an earlier text
        // must never pass for the current one.
        let count = entry.allVersions.count
        if number < count {
            opened.notices.insert(
                "Version \(number) of \(count), fetched \(version.fetchedAt); 'reader open \(opened.shorthand ?? key)' shows the latest",
                at: 0)
        }
        opened.annotations["version"] = .number(Double(number))
        opened.annotations["versions"] = .number(Double(count))
        opened.annotations["fetchedAt"] = .string(version.fetchedAt)
        return opened
    }

    /// `reader diff KEY`: the latest version of a stored document against the one before.
    public func diffLatest(_ request: Request) async throws -> (diff: DocumentDiff, versions: (Int, Int)) {
        let (key, entry) = try storedEntry(request)
        let versions = entry.allVersions
        guard versions.count >= 2 else {
            throw ReaderError.usage(
                "\(label(ofKey: key) ?? key) has one stored version (\(entry.fetchedAt)): nothing to compare it with; "
                    + "'reader diff A B' compares two documents")
        }
        let before = try await document(of: entry.at(versions[versions.count - 2]), key: key)
        let latest = try await document(of: entry.at(versions[versions.count - 1]), key: key)
        var diff = DocumentDiff(a: before, b: latest)
        // Named by the catalog key, as `diff A B` names what it was given (a draft served at a
        // URL calls itself by its draft name).
        (diff.a, diff.b) = (key, key)
        return (diff, (versions.count - 1, versions.count))
    }

    /// The catalog entry of a request, which must be stored.
    func storedEntry(_ request: Request) throws -> (key: String, entry: CatalogEntry) {
        if case .file(let path) = request {
            throw ReaderError.usage("\(path) is a local file: only stored documents have versions")
        }
        let key = try key(of: request)
        guard let entry = try store.entry(key) else { throw ReaderError.notInStore(key: key) }
        return (key, entry)
    }

    /// The version `choice` names, with its number; a usage error naming what there is when
    /// it names none.
    static func pick(_ choice: VersionChoice, of entry: CatalogEntry, key: String) throws -> (Int, CatalogVersion) {
        let versions = entry.allVersions
        let history = "'reader history \(key)' lists them"
        switch choice {
        case .number(let number):
            guard number >= 1, number <= versions.count else {
                let have = versions.count == 1 ? "one version" : "versions 1 to \(versions.count)"
                throw ReaderError.usage("\(key) has no version \(number): the store holds \(have); \(history)")
            }
            return (number, versions[number - 1])
        case .date(let date):
            // The latest version of that day (or of that instant, for a whole timestamp).
            guard let index = versions.lastIndex(where: { $0.fetchedAt.hasPrefix(date) }) else {
                var days: [String] = []
                for version in versions where days.last != String(version.fetchedAt.prefix(10)) {
                    days.append(String(version.fetchedAt.prefix(10)))
                }
                throw ReaderError.usage("\(key) has no version of \(date): its versions are of \(days.joined(separator: ", ")); \(history)")
            }
            return (index + 1, versions[index])
        }
    }

    /// The document of `entry` (an entry as it was at one version): the stored one, or, when the
    /// module that made it has changed since, its raw bytes parsed again (not stored: an old
    /// version is read, not rewritten).
    func document(of entry: CatalogEntry, key: String) async throws -> Document {
        guard let module = registry.module(for: entry.requestType), module.descriptor.version != entry.moduleVersion else {
            return try store.document(of: entry)
        }
        let input = ParseInput(
            bytes: try store.raw(of: entry), requestType: entry.requestType, key: key, url: entry.url, mediaType: entry.mediaType,
            charset: entry.charset)
        return try await parsers.parse(module, input)
    }
}
