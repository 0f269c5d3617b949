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

    static func isURL(_ word: String) -> Bool {
        let lower = word.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://")
    }
}

extension Reader {
    /// The requests named by the words of `reader fetch`: a request type followed by its
    /// arguments (expanded by its module: `rfc 1-60`), or URLs.
    public func fetchRequests(_ words: [String]) throws -> [Request] {
        guard let first = words.first else { throw ReaderError.usage("nothing to fetch: name a source (rfc-index, rfc N) or a URL") }
        if let module = registry.module(for: first) {
            let arguments = Array(words.dropFirst())
            if arguments.isEmpty { return [.source(type: first, argument: "")] }
            let expanded = try Self.asUsage { try module.expand(arguments) }
            return expanded.map { .source(type: first, argument: $0) }
        }
        return try words.map { word in
            guard Request.isURL(word) else {
                throw ReaderError.usage(
                    "'\(word)' is neither a source (\(registry.requestTypes.joined(separator: ", "))) nor a URL")
            }
            return .url(word)
        }
    }

    /// The request named by one argument of `reader open`: an RFC number, a request type that
    /// needs no argument (`rfc-index`), a URL, or a file.
    public func openRequest(_ word: String) throws -> Request {
        let digits = word.lowercased().hasPrefix("rfc") ? String(word.dropFirst(3)) : word
        if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits), number > 0 {
            return .source(type: "rfc", argument: String(number))
        }
        if Request.isURL(word) { return .url(word) }
        if registry.module(for: word) != nil { return .source(type: word, argument: "") }
        // A catalog key names its request: `rfc/793`, `tweets/user:NAME`.
        if let slash = word.firstIndex(of: "/"), registry.module(for: String(word[..<slash])) != nil,
            !FileManager.default.fileExists(atPath: word)
        {
            return .source(type: String(word[..<slash]), argument: String(word[word.index(after: slash)...]))
        }
        if FileManager.default.fileExists(atPath: word) { return .file(word) }
        throw ReaderError.usage("'\(word)' is not an RFC number, a source, a URL or an existing file")
    }

    static func asUsage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RequestError {
            throw ReaderError.usage(error.message)
        } catch let error as ReaderPluginAPI.ParseError {
            throw ReaderError.usage(error.description)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
