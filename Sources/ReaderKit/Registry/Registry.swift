import Foundation
import ReaderPluginAPI

/// The parser modules by request type: the factory every request goes through.
///
/// Built from a list (the built-in modules first, then those found on the plugin path), so
/// that a built-in module wins a conflict over a request type.
public struct Registry: Sendable {
    public struct Registration: Sendable {
        public var module: any ParserModule
        /// `built-in`, or the path a module was loaded from.
        public var origin: String
    }

    public private(set) var registrations: [Registration] = []
    private var byRequestType: [String: Int] = [:]

    public init(modules: [any ParserModule] = builtinModules, origin: String = "built-in") {
        for module in modules { register(module, origin: origin) }
    }

    /// Adds a module; a request type already served keeps its first module.
    public mutating func register(_ module: any ParserModule, origin: String) {
        let index = registrations.count
        registrations.append(Registration(module: module, origin: origin))
        for type in module.descriptor.requestTypes where byRequestType[type] == nil {
            byRequestType[type] = index
        }
    }

    /// The module serving `requestType`.
    public func module(for requestType: String) -> (any ParserModule)? {
        byRequestType[requestType].map { registrations[$0].module }
    }

    public var requestTypes: [String] { byRequestType.keys.sorted() }

    /// The module whose URL pattern matches `url` most specifically.
    public func module(forURL url: String) -> (any ParserModule)? {
        var best: (module: any ParserModule, specificity: Int)?
        for registration in registrations {
            for pattern in registration.module.descriptor.urlPatterns {
                guard let specificity = URLPattern.match(pattern, url) else { continue }
                if specificity > (best?.specificity ?? -1) { best = (registration.module, specificity) }
            }
        }
        return best?.module
    }

    /// The module that recognises a sample most surely, if any does.
    public func module(recognizing sample: Sample) -> (any ParserModule)? {
        var best: (module: any ParserModule, score: Int)?
        for registration in registrations {
            let score = registration.module.recognize(sample)
            if score > 0, score > (best?.score ?? 0) { best = (registration.module, score) }
        }
        return best?.module
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
