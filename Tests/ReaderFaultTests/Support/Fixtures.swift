import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

extension SeededRandom {
    /// `READER_FAULT_SEED` when set (to replay a run), else a fresh seed; always printed.
    static func fromEnvironment(_ suite: String) -> (seed: UInt64, generator: SeededRandom) {
        let given = ProcessInfo.processInfo.environment["READER_FAULT_SEED"].flatMap { UInt64($0) }
        let seed = given ?? UInt64.random(in: 1...UInt64(Int64.max))
        print("\(suite): seed \(seed) (replay with READER_FAULT_SEED=\(seed))")
        return (seed, SeededRandom(seed: seed))
    }
}

/// The real RFC files served as the RFC Editor would, plus variants made from them so that a
/// test can ask for many distinct documents.
enum RFCSite {
    static let index = required("rfc/rfc-index.txt")
    static let rfc1 = required("rfc/rfc1.txt")

    /// A corpus file the suite cannot do without: a missing one fails the test that first asks
    /// for it, instead of serving an empty body that some checks would pass on.
    private static func required(_ path: String) -> [UInt8] {
        do {
            let bytes = try Corpus.bytes(path)
            if bytes.isEmpty { Issue.record("the corpus file \(path) is empty") }
            return bytes
        } catch {
            Issue.record("the corpus file \(path) cannot be read: \(error)")
            return []
        }
    }

    /// The real index cut after its first `count` entries: a smaller, still real, index.
    static func index(entries count: Int) -> [UInt8] {
        let marker = Array(String(format: "\n%04d ", count + 1).utf8)
        guard let cut = firstRange(of: marker, in: index) else { return index }
        return Array(index[...cut])
    }

    /// RFC 1's text with one line saying which copy it is, so every number has its own bytes.
    static func rfc(_ number: Int, variant: Int = 0) -> [UInt8] {
        rfc1 + Array("\nCopy served as RFC \(number), variant \(variant).\n".utf8)
    }

    /// `/rfc-index.txt` and `/rfc/rfcN.txt` for every N; `pace` slows each body down.
    static func handler(
        index: @escaping @Sendable () -> [UInt8] = { RFCSite.index }, variant: @escaping @Sendable () -> Int = { 0 },
        pace: (chunk: Int, interval: TimeInterval)? = nil
    ) -> LoopbackServer.Handler {
        { request in
            let body: [UInt8]
            if request.uri == "/rfc-index.txt" {
                body = index()
            } else if request.uri.hasPrefix("/rfc/rfc"), request.uri.hasSuffix(".txt"),
                let number = Int(request.uri.dropFirst("/rfc/rfc".count).dropLast(".txt".count))
            {
                body = rfc(number, variant: variant())
            } else {
                return .status(404)
            }
            let headers = [("Content-Type", "text/plain; charset=utf-8")]
            guard let pace else { return .respond(status: 200, headers: headers, body: body) }
            return .paced(status: 200, headers: headers, body: body, chunk: pace.chunk, interval: pace.interval)
        }
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}

/// The `reader` binary for one store and one site.
func reader(store: String, site: LoopbackServer? = nil, _ extra: [String: String] = [:]) throws -> ReaderBinary {
    var environment = ["READER_CACHE_DIR": store]
    if let site { environment["READER_RFC_EDITOR_URL"] = site.baseURL }
    for (key, value) in extra { environment[key] = value }
    return try ReaderBinary(environment: environment)
}

/// The JSON object of one line of output.
func jsonObject(_ text: some StringProtocol) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
}
