import Foundation
import ReaderCatalog
import ReaderPluginAPI
import ReaderSupport

/// The parser modules by request type: the factory every request goes through.
///
/// The built-in modules (handed in: the engine links none, `ReaderBuiltins` lists them) first,
/// then those on the plugin path (``PluginShelf``), loaded only
/// when no built-in module serves a request. A built-in module wins a conflict over a request
/// type, a URL or a file, unless the user names the third-party module in
/// `READER_PLUGIN_OVERRIDE`.
public struct Registry: Sendable {
    public struct Registration: Sendable {
        public var module: any ParserModule
        /// `built-in`, or the path of the library a module was loaded from.
        public var origin: String
    }

    /// A score at which a built-in module claims a file or download as its own
    /// (`recognize`): the plugin path is then not even looked at.
    public static let claim = 50

    private var local: [Registration] = []
    private var byRequestType: [String: Int] = [:]
    /// The shorthands of the modules registered here, read when each is registered.
    private var localIdentifiers = IdentifierTable()
    private let plugins: PluginShelf?

    public init(modules: [any ParserModule], origin: String = "built-in", plugins: PluginShelf? = nil) {
        self.plugins = plugins
        for module in modules { register(module, origin: origin) }
    }

    /// Adds a module; a request type already served keeps its first module.
    public mutating func register(_ module: any ParserModule, origin: String) {
        let index = local.count
        local.append(Registration(module: module, origin: origin))
        localIdentifiers.add(module.descriptor)
        for type in module.descriptor.requestTypes where byRequestType[type] == nil {
            byRequestType[type] = index
        }
    }

    /// Every module, the plugin path's included (loading them): what `reader sources` lists.
    public var registrations: [Registration] { local + loadPlugins() }

    /// Resolves a source request (`rfc`, `793`) to its module and location.
    public func locate(_ type: String, _ argument: String, settings: Settings) throws -> (any ParserModule, Location) {
        guard let module = module(for: type) else {
            throw ReaderError.usage("no source serves '\(type)'; 'reader sources' lists them")
        }
        let location = try Self.asUsage { try module.locate(argument, settings: settings) }
        guard let location else {
            throw ReaderError.usage("\(type) is read from a URL or a file, not by name")
        }
        // Whatever module made it, built-in or third-party: one rule for every key (CatalogKey).
        if let problem = CatalogKey.problem(location.key, sources: module.descriptor.requestTypes) {
            throw ReaderError.usage(
                "\(type) \(argument) would be stored as '\(CatalogKey.printable(location.key))', not a catalog key: \(problem)")
        }
        return (module, location)
    }

    /// What a module says of a request it cannot serve (a bad range, a bad name) is a usage error.
    package static func asUsage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RequestError {
            throw ReaderError.usage(error.message)
        } catch let error as ReaderPluginAPI.ParseError {
            throw ReaderError.usage(error.description)
        }
    }

    /// The module serving `requestType`.
    public func module(for requestType: String) -> (any ParserModule)? {
        if let preferred = overriding({ $0.descriptor.requestTypes.contains(requestType) }) { return preferred }
        if let index = byRequestType[requestType] { return local[index].module }
        return loadPlugins().first { $0.module.descriptor.requestTypes.contains(requestType) }?.module
    }

    /// The module serving `requestType` among the built-in ones, without loading plugins.
    public func builtinModule(for requestType: String) -> (any ParserModule)? {
        guard overridingModules.isEmpty else { return module(for: requestType) }
        return byRequestType[requestType].map { local[$0].module }
    }

    public var requestTypes: [String] {
        Array(Set(registrations.flatMap(\.module.descriptor.requestTypes))).sorted()
    }

    /// The module whose URL pattern matches `url` most specifically; a built-in one if any matches.
    public func module(forURL url: String) -> (any ParserModule)? {
        if let preferred = Self.bestMatch(url, in: overridingModules) { return preferred }
        return Self.bestMatch(url, in: local) ?? Self.bestMatch(url, in: loadPlugins())
    }

    /// The module that recognises a sample most surely, if any does. Third-party modules are
    /// asked only when no built-in module claims it.
    public func module(recognizing sample: Sample) -> (any ParserModule)? {
        let preferred = Self.bestScore(sample, in: overridingModules)
        let builtin = Self.bestScore(sample, in: local)
        if let preferred, preferred.score >= (builtin?.score ?? 0) { return preferred.module }
        if let builtin, builtin.score >= Self.claim { return builtin.module }
        let external = Self.bestScore(sample, in: loadPlugins())
        if let external, external.score > (builtin?.score ?? 0) { return external.module }
        return builtin?.module
    }

    /// The shorthand tables asked before files and the plugin path, in order, the first that
    /// reads a word deciding: the modules of `READER_PLUGIN_OVERRIDE` (only when it names
    /// some), then the built-in ones. A built-in shorthand (`793`) so never loads a third-party
    /// module, and a third-party identifier that reads what a built-in one reads is shadowed by
    /// it, as a request type is.
    package var firstIdentifierTiers: [IdentifierTable] {
        let overriding = overridingModules
        return overriding.isEmpty ? [localIdentifiers] : [IdentifierTable(overriding.map(\.module)), localIdentifiers]
    }

    /// The listings (``Listing``) of the modules asked first, in order: those of
    /// `READER_PLUGIN_OVERRIDE`, then the built-in ones. Asking never loads the plugin path.
    package var firstListings: [Listing] {
        (overridingModules + local).flatMap(\.module.descriptor.listings)
    }

    /// The annotation sets (``AnnotationSet``: errata) of the modules asked first, as
    /// ``firstListings``: `open` asks for them every time, and must not load the plugin path.
    package var firstAnnotationSets: [AnnotationSet] {
        (overridingModules + local).flatMap(\.module.descriptor.annotationSets)
    }

    /// The refresh words (``ModuleDescriptor/refreshWord``: `feeds`) of the modules asked
    /// first, with each module's main request type; asking never loads the plugin path.
    package var firstRefreshWords: [(word: String, requestType: String)] {
        (overridingModules + local).compactMap { registration in
            let descriptor = registration.module.descriptor
            guard let word = descriptor.refreshWord, let type = descriptor.requestTypes.first else { return nil }
            return (word, type)
        }
    }

    /// The relation kinds of the modules asked first, after the standard ones (a module's kind
    /// does not replace a standard one of the same name), and the request types of the documents
    /// they declare as telling relations between others (``ModuleDescriptor/relationDocuments``),
    /// as ``firstListings``: `open` draws banners from them, and must not load the plugin path.
    package var firstRelationKinds: (kinds: [RelationKind], documents: [String]) {
        var kinds = RelationKind.standard
        var documents: [String] = []
        for registration in overridingModules + local {
            let descriptor = registration.module.descriptor
            for kind in descriptor.relationKinds where !kinds.contains(where: { $0.name == kind.name }) { kinds.append(kind) }
            documents += descriptor.relationDocuments.filter { !documents.contains($0) }
        }
        return (kinds, documents)
    }

    /// The listings of the plugin path's modules (loading them).
    package var pluginListings: [Listing] {
        loadPlugins().flatMap(\.module.descriptor.listings)
    }

    /// The shorthands of the plugin path's modules (loading them): the last tier.
    package var pluginIdentifiers: IdentifierTable {
        guard plugins != nil else { return IdentifierTable() }
        let overriding = Set(overridingModules.map(\.origin))
        return IdentifierTable(loadPlugins().filter { !overriding.contains($0.origin) }.map(\.module))
    }

    private func loadPlugins() -> [Registration] {
        plugins?.registrations(taken: Set(local.map(\.module.descriptor.name))) ?? []
    }

    /// The third-party modules the user prefers to built-in ones (none unless asked for).
    private var overridingModules: [Registration] {
        guard let plugins, !plugins.overrides.isEmpty else { return [] }
        return loadPlugins().filter { plugins.overrides.contains($0.module.descriptor.name) }
    }

    private func overriding(_ serves: (any ParserModule) -> Bool) -> (any ParserModule)? {
        overridingModules.first { serves($0.module) }?.module
    }

    private static func bestMatch(_ url: String, in registrations: [Registration]) -> (any ParserModule)? {
        var best: (module: any ParserModule, specificity: Int)?
        for registration in registrations {
            for pattern in registration.module.descriptor.urlPatterns {
                guard let specificity = URLPattern.match(pattern, url) else { continue }
                if specificity > (best?.specificity ?? -1) { best = (registration.module, specificity) }
            }
        }
        return best?.module
    }

    private static func bestScore(_ sample: Sample, in registrations: [Registration]) -> (module: any ParserModule, score: Int)? {
        var best: (module: any ParserModule, score: Int)?
        for registration in registrations {
            let score = registration.module.recognize(sample)
            if score > 0, score > (best?.score ?? 0) { best = (registration.module, score) }
        }
        return best
    }
}

/// URL patterns where `*` matches any run of characters.
enum URLPattern {
    /// nil when `url` does not match; otherwise the number of literal characters matched,
    /// so that `*/rfc/rfc*.txt` outranks `https://*`.
    static func match(_ pattern: String, _ url: String) -> Int? {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        var rest = Substring(url)
        for (index, part) in parts.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(part) else { return nil }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                guard rest.hasSuffix(part) else { return nil }
                rest = ""
            } else {
                guard let range = rest.range(of: part) else { return nil }
                rest = rest[range.upperBound...]
            }
        }
        if parts.count == 1 && !rest.isEmpty { return nil }
        return parts.reduce(0) { $0 + $1.count }
    }
}
