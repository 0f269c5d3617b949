import Foundation
import ReaderCatalog
import ReaderFetch
import ReaderPluginAPI
import ReaderRegistry
import ReaderStore
import ReaderSupport
import Synchronization

/// A request whose module asks a service first (``Resolution``: a draft without a version,
/// whose latest the datatracker names), made into the request it names — for any module.
struct Resolving: Sendable {
    let store: Store
    let registry: Registry
    let settings: Settings

    /// What a resolution came to: the request located anew, or a stored document standing in.
    enum Outcome: Sendable {
        case located(any ParserModule, Location, argument: String)
        /// The newest stored document of the resolution, the argument that names it, and why it was taken.
        case stored(key: String, entry: CatalogEntry, argument: String, why: String)
    }

    /// The answer of `resolution` asked through `fetcher` and the request located with it; when
    /// the service cannot be reached (or does not know the request), the newest stored stands in.
    /// An answer that is no JSON object, too long, or whose value the module refuses is an error
    /// in one line: nothing is stored.
    func resolve(
        _ resolution: Resolution, type: String, key: String, fetcher: Fetcher, trace: (@Sendable (String) -> Void)?
    ) async throws -> Outcome {
        let answer = AnswerSink()
        let outcome: FetchOutcome
        trace?("\(key): GET \(resolution.url) (which version to fetch)")
        do {
            outcome = try await fetcher.fetch(resolution.url, into: answer)
        } catch let error as ReaderError where error.exitCode == 4 {
            if answer.overflowed {
                throw ReaderError.network(
                    url: resolution.url, reason: "the answer is longer than \(Resolution.largestAnswer >> 20) MiB: not an answer")
            }
            if let stored = newestStored(resolution, type: type) {
                return .stored(key: stored.key, entry: stored.entry, argument: stored.argument, why: "the newest stored (\(error))")
            }
            throw error
        }
        guard case .fetched = outcome else {
            // 404: the service does not know it; a 304 cannot come (no validators were sent).
            if let stored = newestStored(resolution, type: type) {
                return .stored(
                    key: stored.key, entry: stored.entry, argument: stored.argument, why: "the newest stored (\(resolution.url): not found)"
                )
            }
            throw ReaderError.network(url: resolution.url, reason: "HTTP 404 Not Found: nothing says which \(key) to fetch")
        }
        let value = try Self.value(of: resolution, in: answer.bytes)
        let argument = resolution.argument(with: value)
        let located: (any ParserModule, Location)
        do {
            located = try registry.locate(type, argument, settings: settings)
        } catch let error as ReaderError {
            throw ReaderError.network(url: resolution.url, reason: "its \"\(resolution.member)\" names no document (\(error))")
        }
        guard located.1.resolution == nil else {
            throw ReaderError.network(url: resolution.url, reason: "its answer asks for another answer; one step is the most")
        }
        trace?("\(key): \(resolution.member) \(value), so \(located.1.key)")
        return .located(located.0, located.1, argument: argument)
    }

    /// The value of the answer's top-level member: a string, or a whole number written as digits.
    static func value(of resolution: Resolution, in bytes: [UInt8]) throws -> String {
        let printable = CatalogKey.printable(resolution.member)
        guard let object = JSONValue(jsonText: String(decoding: bytes, as: UTF8.self))?.objectValue else {
            throw ReaderError.network(url: resolution.url, reason: "the answer is not a JSON object (it should say \"\(printable)\")")
        }
        let value: String
        switch object[resolution.member] {
        case .string(let text)?: value = text
        case .number(let number)? where number >= 0 && number < 1e9 && number == number.rounded(): value = String(Int(number))
        default: throw ReaderError.network(url: resolution.url, reason: "the answer has no \"\(printable)\" string")
        }
        // A value is a version or a name, never a text: longer is not an answer.
        guard !value.isEmpty, value.utf8.count <= 100 else {
            throw ReaderError.network(url: resolution.url, reason: "its \"\(printable)\" is empty or too long")
        }
        return value
    }

    /// The stored document of the module's request type whose key is the resolution's prefix and
    /// a value (letters and digits), the greatest value: digits compared as numbers.
    func newestStored(_ resolution: Resolution, type: String) -> (key: String, entry: CatalogEntry, argument: String)? {
        guard let prefix = resolution.storedPrefix, !prefix.isEmpty,
            let types = registry.module(for: type)?.descriptor.requestTypes
        else { return nil }
        var best: (key: String, entry: CatalogEntry, rest: String)?
        // Only the entries under the prefix are decoded: a draft's versions, not the store.
        let walked: ()? = try? store.catalog.forEachEntry(withPrefix: prefix) { key, entry in
            guard types.contains(entry.requestType) else { return }
            let rest = String(key.dropFirst(prefix.count))
            guard !rest.isEmpty, rest.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) })
            else { return }
            if let current = best, !Self.isGreater(rest, than: current.rest) { return }
            best = (key, entry, rest)
        }
        guard walked != nil else { return nil }
        return best.map { ($0.key, $0.entry, resolution.argument(with: $0.rest)) }
    }

    /// `10` above `9`; otherwise in the order of the characters.
    static func isGreater(_ a: String, than b: String) -> Bool {
        if let x = Int(a), let y = Int(b), x != y { return x > y }
        return a > b
    }
}

/// Holds a resolution's answer, refusing one longer than ``Resolution/largestAnswer``.
final class AnswerSink: BodySink, Sendable {
    private let state = Mutex<(bytes: [UInt8], overflowed: Bool)>(([], false))

    var bytes: [UInt8] { state.withLock { $0.bytes } }
    var overflowed: Bool { state.withLock { $0.overflowed } }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try state.withLock { state in
            guard state.bytes.count + bytes.count <= Resolution.largestAnswer else {
                state.overflowed = true
                throw ReaderError.network(url: "the answer", reason: "too long")
            }
            state.bytes.append(contentsOf: bytes)
        }
    }
}

extension Reader {
    /// The request `reader open` means: itself, unless its module asks a service first
    /// (``Resolution``); then the newest stored document when there is one (open never asks
    /// the network for what the store holds), else — online — the service's answer.
    public func resolvedForOpen(_ request: Request) async throws -> Request {
        guard case .source(let type, _) = request, let location = try? locate(type, request.argument).1,
            let resolution = location.resolution
        else { return request }
        let resolving = Resolving(store: store, registry: registry, settings: configuration.settings)
        if let stored = resolving.newestStored(resolution, type: type) { return .source(type: type, argument: stored.argument) }
        guard !configuration.offline else { throw ReaderError.notStored(key: location.key, command: request.fetchCommand) }
        let fetcher = Fetcher(
            limits: configuration.limits, network: configuration.network, trace: configuration.trace, mirrors: configuration.mirrorFolders)
        defer { Task { await fetcher.shutdown() } }
        switch try await resolving.resolve(resolution, type: type, key: location.key, fetcher: fetcher, trace: configuration.trace) {
        case .located(_, _, let argument), .stored(_, _, let argument, _): return .source(type: type, argument: argument)
        }
    }
}

extension Request {
    /// The argument of a source request; empty for a URL or a file.
    var argument: String {
        if case .source(_, let argument) = self { return argument }
        return ""
    }
}
