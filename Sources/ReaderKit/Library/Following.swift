import Foundation
import ReaderPluginAPI
import ReaderStore
import ReaderSupport

/// What `--follow`, a refresh word and `reader import` fetch, for any module that declares them
/// (``ModuleDescriptor/follows``, ``ModuleDescriptor/refreshWord``): built once, no source named.
extension Reader {
    /// A target another document pointed to that is not fetched, and why.
    public struct Refusal: Sendable, Equatable {
        public var target: String
        public var reason: String
    }

    /// The pages to fetch after `results` (``FetchResult/followed``), each once, as URL
    /// requests; what is not an http(s) address is refused, not asked, and neither is a
    /// result's own key, nor one of `alsoFetched` (the other keys the same fetch stored).
    public func followRequests(_ results: [FetchResult], alsoFetched: [String] = []) -> (requests: [Request], refused: [Refusal]) {
        let own = Set(results.map(\.key) + alsoFetched)
        return Self.urlRequests(results.flatMap(\.followed), excluding: own)
    }

    /// The request type whose refresh word `word` is (`feeds`), among the built-in and
    /// overriding modules (the plugin path is not loaded for it).
    func refreshedType(_ word: String) -> String? {
        registry.firstRefreshWords.first { $0.word.lowercased() == word.lowercased() }?.requestType
    }

    /// Every stored document the module serving `type` made from an http(s) address, as the
    /// URL request that fetches it again (with its validators: a conditional GET).
    public func refreshRequests(ofType type: String) throws -> [Request] {
        try store.list(source: type, titles: titleSources).map(\.key).filter(Self.isWebAddress).map(Request.url)
    }

    /// The documents a local file subscribes to (an OPML list of feeds): the file read and
    /// parsed by the module that recognises it, and the targets of the relations that module
    /// follows, as URL requests. What is not an http(s) address (`file://`, a relative path, a
    /// `javascript:` link), and the file itself, are refused, each counted with its reason.
    public func subscriptions(inFile path: String) async throws -> (title: String, requests: [Request], refused: [Refusal]) {
        let document = try await parseFile(path)
        guard let module = registry.module(for: document.source), !module.descriptor.follows.isEmpty else {
            throw ReaderError.usage("\(path): a \(document.source) document lists nothing to subscribe to")
        }
        let kinds = Set(module.descriptor.follows)
        let targets = document.relations.filter { $0.subject == nil && kinds.contains($0.type) }.map(\.target)
        let own = URL(fileURLWithPath: path).standardizedFileURL
        var (requests, refused) = Self.urlRequests(targets, excluding: [])
        refused = refused.map { refusal in
            let isItself = URL(string: refusal.target, relativeTo: own)?.standardizedFileURL.path == own.path
            return isItself ? Refusal(target: refusal.target, reason: "the file includes itself") : refusal
        }
        return (document.title, requests, refused)
    }

    /// Targets as URL requests, each once by its catalog key; the rest refused.
    private static func urlRequests(_ targets: [String], excluding own: Set<String>) -> (requests: [Request], refused: [Refusal]) {
        var seen = own
        var requests: [Request] = []
        var refused: [Refusal] = []
        for target in targets {
            guard isWebAddress(target), URL(string: target)?.host?.isEmpty == false else {
                refused.append(Refusal(target: target, reason: "not an http(s) address"))
                continue
            }
            let key = URLKey.normalized(target)
            if seen.insert(key).inserted { requests.append(.url(key)) }
        }
        return (requests, refused)
    }

    static func isWebAddress(_ word: String) -> Bool {
        let lower = word.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
