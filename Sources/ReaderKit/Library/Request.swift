import Foundation
import ReaderPluginAPI
import ReaderRegistry
import ReaderSupport

/// Something the user asks for: a document of a source (`rfc 793`, `rfc-index`,
/// `tweets user:NAME`), a URL, or a local file.
public enum Request: Sendable, Hashable, CustomStringConvertible {
    case source(type: String, argument: String)
    case url(String)
    case file(String)

    /// The command that fetches this request, for messages.
    public var fetchCommand: String {
        switch self {
        case .source(let type, let argument): argument.isEmpty ? "reader fetch \(type)" : "reader fetch \(type) \(argument)"
        case .url(let url): "reader fetch \(url)"
        case .file(let path): "reader open \(path)"
        }
    }

    public var description: String {
        switch self {
        case .source(let type, let argument): argument.isEmpty ? type : "\(type) \(argument)"
        case .url(let url): url
        case .file(let path): path
        }
    }

    /// The catalog key of a URL: no fragment, no default port, scheme and host lower-cased.
    public static func urlKey(_ url: String) -> String { URLKey.normalized(url) }

    /// Whether `word` is a URL (http, https or file), whose catalog key is ``urlKey(_:)``.
    public static func isURL(_ word: String) -> Bool {
        let lower = word.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://")
    }
}

extension Reader {
    /// The requests named by the words of `reader fetch`: a request type followed by its
    /// arguments (expanded by its module: `rfc 1-60`), or URLs; several of them mixed, in order
    /// (`rfc-index rfc 793 9110`: the index, then RFCs 793 and 9110). `rfc all` is refused here:
    /// it needs the stored listing (``fetchTargets(_:)`` reads it).
    public func fetchRequests(_ words: [String]) throws -> [Request] {
        try fetchTargets(words).flatMap { target -> [Request] in
            guard case .requests(let requests) = target else {
                let words = target.words
                throw ReaderError.usage("'\(words)' needs the stored listing: fetch it with 'reader fetch \(words)' alone")
            }
            return requests
        }
    }

    /// One target of `reader fetch`, as written: requests, or every document of a listing
    /// (`rfc all`: every issued RFC of the stored index, known only once the index is read).
    public enum FetchTarget: Sendable, Equatable {
        case requests([Request])
        case everyEntry(of: Listing)
        /// Every stored document of a request type, fetched again (`feeds`: the module's
        /// ``ModuleDescriptor/refreshWord``); ``Reader/refreshRequests(ofType:)`` lists them.
        case everyStored(type: String, word: String)

        /// The words that ask for every entry of the listing (`rfc all`).
        var words: String {
            switch self {
            case .requests: ""
            case .everyEntry(let listing): listing.describes + " " + (listing.everyWord ?? "")
            case .everyStored(_, let word): word
            }
        }
    }

    /// The words of `reader fetch` cut into targets, in order: a request type takes the words
    /// after it up to the next request type or URL (a URL right after it is its argument); a
    /// URL is otherwise a target by itself. Nothing is
    /// dropped: a word that fits nowhere, or an argument given to the index (which takes
    /// none), refuses the whole command line with one line saying how to write it.
    public func fetchTargets(_ words: [String]) throws -> [FetchTarget] {
        guard let first = words.first else {
            throw ReaderError.usage("nothing to fetch: name a source (\(registry.requestTypes.joined(separator: ", "))) or a URL")
        }
        // A group is a request type and its arguments, or a target complete in itself (a URL, a
        // shorthand), which takes no more words.
        var groups: [(type: String?, words: [String], closed: Bool)] = []
        let shorthands = registry.firstIdentifierTiers
        // The groups that are a refresh word (`feeds`), by their place, with the word.
        var refreshes: [Int: String] = [:]
        for word in words {
            let open = groups.indices.last.flatMap { groups[$0].closed ? nil : groups[$0].type }
            if Request.isURL(word) {
                // A request type still waiting for its argument takes the URL as it
                // (`fetch feed https://…/feed.xml`, a module's own request); else it stands alone.
                if let last = groups.indices.last, let type = open, listing(ofType: type) == nil, groups[last].words.isEmpty {
                    groups[last].words.append(word)
                } else {
                    groups.append((nil, [URLKey.normalized(word)], true))
                }
            } else if open == nil, let type = refreshedType(word) {
                // `feeds`: a target by itself, every stored one.
                refreshes[groups.count] = word
                groups.append((type, [], true))
            } else if registry.builtinModule(for: word) != nil {
                groups.append((word, [], false))
            } else if let reading = try shorthandTarget(word, within: open, tables: shorthands) {
                // `rfc 793 RFC9110`: the waiting request type's own shorthand is its argument.
                if let last = groups.indices.last, reading.requestType == open {
                    groups[last].words.append(reading.argument)
                } else {
                    groups.append((reading.requestType, [reading.argument], true))
                }
            } else if isRequestType(word, first: word == first && groups.isEmpty) {
                groups.append((word, [], false))
            } else if open == nil, let reading = try identified(word, twoWords: false, tiers: [registry.pluginIdentifiers]) {
                // A word nothing built in reads: the plugin path's shorthands.
                groups.append((reading.requestType, [reading.argument], true))
            } else if let last = groups.indices.last, open != nil {
                groups[last].words.append(word)
            } else {
                throw ReaderError.usage(
                    "'\(word)' is neither a source (\(registry.requestTypes.joined(separator: ", "))), a shorthand nor a URL")
            }
        }
        return try groups.enumerated().map { index, group in
            guard let type = group.type else { return .requests(group.words.map(Request.url)) }
            if let word = refreshes[index] { return .everyStored(type: type, word: word) }
            if group.closed { return .requests(group.words.map { .source(type: type, argument: $0) }) }
            if group.words.count == 1, let every = everyWordListing(type, group.words[0]) { return .everyEntry(of: every) }
            if group.words.isEmpty { return .requests([.source(type: type, argument: "")]) }
            if let listing = listing(ofType: type) {
                throw ReaderError.usage(
                    "'\(type)' takes no argument, and '\(group.words.joined(separator: " "))' names no source: "
                        + "write the \(listing.noun)s as 'reader fetch \(type) \(listing.listing.describes) \(group.words.joined(separator: " "))'"
                )
            }
            guard let module = registry.module(for: type) else { return .requests([]) }
            let expanded = try Registry.asUsage { try module.expand(group.words) }
            return .requests(expanded.map { .source(type: type, argument: $0) })
        }
    }

    /// The listing whose documents `type` `word` asks for all of (`rfc all`), when one does.
    private func everyWordListing(_ type: String, _ word: String) -> Listing? {
        declaredListings(plugins: registry.builtinModule(for: type) == nil).first {
            $0.describes == type && $0.everyWord?.lowercased() == word.lowercased()
        }
    }

    /// A word of `reader fetch` read by a shorthand of the built-in modules (`793`, `@jack`,
    /// `draft-…`) where no request type waits for arguments; after a request type, only one
    /// written with literal text (`@jack`, `rfc9110`, not `793`, which stays the argument it is).
    private func shorthandTarget(_ word: String, within open: String?, tables: [IdentifierTable]) throws -> IdentifierTable.Reading? {
        if open != nil, !tables.contains(where: { $0.readsLiterally(word) }) { return nil }
        return try identified(word, twoWords: false, tiers: tables)
    }

    /// Whether a word of `reader fetch` starts a target of its own. A number or a range is an
    /// argument, never a type (asking would load the plugin path for nothing); other words
    /// are asked of the built-in modules, and of the plugin path only when the word leads or
    /// looks like a name (a letter first).
    private func isRequestType(_ word: String, first: Bool) -> Bool {
        guard let lead = word.first, !lead.isNumber else { return false }
        if registry.builtinModule(for: word) != nil { return true }
        guard first || (lead.isLetter && !word.contains(":")) else { return false }
        return registry.module(for: word) != nil
    }

    /// The requests named by the arguments of `reader open`, in order: each as
    /// ``openRequest(_:)`` reads it, and a shorthand written as two arguments as `fetch` writes
    /// it (`reader open rfc-index rfc 793 9110`: the index, then RFCs 793 and 9110). `rfc`
    /// followed by no number refuses the command line, as any word that names nothing.
    public func openRequests(_ words: [String]) throws -> [Request] {
        var requests: [Request] = []
        var offset = 0
        while offset < words.count {
            if offset + 1 < words.count, let reading = try twoWordShorthand(words[offset], words[offset + 1]) {
                requests.append(Self.request(reading))
                offset += 2
                continue
            }
            requests.append(try openRequest(words[offset]))
            offset += 1
        }
        return requests
    }

    /// `rfc` `793`: two arguments that a shorthand of the built-in modules (or of overriding
    /// ones) reads together; the plugin path is not loaded for it.
    private func twoWordShorthand(_ first: String, _ second: String) throws -> IdentifierTable.Reading? {
        let tiers = registry.firstIdentifierTiers
        guard tiers.contains(where: { $0.isLead(first) }) else { return nil }
        return try identified(first + " " + second, twoWords: true, tiers: tiers)
    }

    /// The request named by one argument of `reader open`: a shorthand a module declares
    /// (`793`, `RFC793`, `@jack`), a request type that needs no argument (`rfc-index`), a
    /// catalog key (`rfc/793`), a URL, or a file.
    public func openRequest(_ word: String) throws -> Request {
        if Request.isURL(word) { return .url(URLKey.normalized(word)) }
        // `-`: standard input, as a file (`curl … | reader open -`).
        if word == "-" { return .file("-") }
        // Shorthands of the built-in modules first, then their request types, then files, and
        // only then the plugin path: opening a file or a built-in source never loads a
        // third-party module.
        let first = registry.firstIdentifierTiers
        if let reading = try identified(word, twoWords: false, tiers: first) { return Self.request(reading) }
        // `reader open rfc 793`, as `fetch` is written: the lead of a shorthand alone names nothing.
        if let example = first.lazy.compactMap({ $0.example(forLead: word) }).first {
            throw ReaderError.usage("'\(word)' alone names nothing: open one by its \(example.what) ('reader open \(example.words)')")
        }
        if let request = sourceRequest(word, lookup: registry.builtinModule(for:)) { return request }
        if FileManager.default.fileExists(atPath: word) { return .file(word) }
        if let reading = try identified(word, twoWords: false, tiers: [registry.pluginIdentifiers]) { return Self.request(reading) }
        if let request = sourceRequest(word, lookup: registry.module(for:)) { return request }
        throw ReaderError.usage("'\(word)' is not a shorthand (such as 793), a source, a URL or an existing file")
    }

    /// A request type that needs no argument (`rfc-index`), or a catalog key that names its
    /// request (`rfc/793`, `tweets/user:NAME`).
    private func sourceRequest(_ word: String, lookup: (String) -> (any ParserModule)?) -> Request? {
        if lookup(word) != nil { return .source(type: word, argument: "") }
        if let slash = word.firstIndex(of: "/"), lookup(String(word[..<slash])) != nil,
            !FileManager.default.fileExists(atPath: word)
        {
            return .source(type: String(word[..<slash]), argument: String(word[word.index(after: slash)...]))
        }
        return nil
    }

}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
