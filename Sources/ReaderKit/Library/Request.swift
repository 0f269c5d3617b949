import Foundation
import ReaderPluginAPI

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
    /// arguments (expanded by its module: `rfc 1-60`), or URLs.
    public func fetchRequests(_ words: [String]) throws -> [Request] {
        guard let first = words.first else { throw ReaderError.usage("nothing to fetch: name a source (rfc-index, rfc N) or a URL") }
        // A URL is never a request type: asking would load the plugin path for nothing.
        if !Request.isURL(first), let module = registry.module(for: first) {
            let arguments = Array(words.dropFirst())
            if arguments.isEmpty { return [.source(type: first, argument: "")] }
            let expanded = try Registry.asUsage { try module.expand(arguments) }
            return expanded.map { .source(type: first, argument: $0) }
        }
        return try words.map { word in
            guard Request.isURL(word) else {
                throw ReaderError.usage(
                    "'\(word)' is neither a source (\(registry.requestTypes.joined(separator: ", "))) nor a URL")
            }
            return .url(URLKey.normalized(word))
        }
    }

    /// The request named by one argument of `reader open`: an RFC number, a request type that
    /// needs no argument (`rfc-index`), a URL, or a file.
    public func openRequest(_ word: String) throws -> Request {
        let digits = word.lowercased().hasPrefix("rfc") ? String(word.dropFirst(3)) : word
        if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits), number > 0 {
            return .source(type: "rfc", argument: String(number))
        }
        // `reader open rfc 793`, as `fetch` is written: here each word is a document of its own.
        if word.lowercased() == "rfc" { throw ReaderError.usage("'rfc' alone names no RFC: open one by its number ('reader open 793')") }
        if Request.isURL(word) { return .url(URLKey.normalized(word)) }
        // `-`: standard input, as a file (`curl … | reader open -`).
        if word == "-" { return .file("-") }
        // Built-in request types first, then files, and only then the plugin path's request
        // types: opening a file or a built-in source never loads a third-party module.
        if let request = sourceRequest(word, lookup: registry.builtinModule(for:)) { return request }
        if FileManager.default.fileExists(atPath: word) { return .file(word) }
        if let request = sourceRequest(word, lookup: registry.module(for:)) { return request }
        throw ReaderError.usage("'\(word)' is not an RFC number, a source, a URL or an existing file")
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
