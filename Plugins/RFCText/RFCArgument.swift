import ReaderPluginAPI

/// RFC requests: `793`, `0793`, `RFC793`, `rfc 793`, ranges `1-60`; and where RFC N lives.
enum RFCArgument {
    static let largestRange = 20_000

    /// One argument as the RFC numbers it stands for.
    static func numbers(_ argument: String) throws -> [Int] {
        let compact = argument.trimmingSpaces
        let parts = compact.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return [try single(compact, in: argument)]
        case 2:
            let low = try single(parts[0], in: argument)
            let high = try single(parts[1], in: argument)
            guard low <= high else { throw RequestError("rfc: the range \"\(argument)\" runs backwards; write \(high)-\(low)") }
            guard high - low < largestRange else {
                throw RequestError("rfc: the range \"\(argument)\" holds \(high - low + 1) RFCs; at most \(largestRange) at once")
            }
            return Array(low...high)
        default:
            throw RequestError("rfc: \"\(argument)\" is not an RFC number or a range such as 1-60")
        }
    }

    /// `793`, `0793`, `RFC793`, `rfc 793`.
    private static func single(_ text: Substring, in argument: String) throws -> Int {
        var rest = text.trimmingSpaces
        if rest.lowercased().hasPrefix("rfc") { rest = rest.dropFirst(3).trimmingSpaces }
        // `reader fetch rfc` with nothing after it: say what is missing, not that "" is no number.
        if rest.isEmpty, argument.trimmingSpaces.isEmpty || argument.trimmingSpaces.lowercased() == "rfc" {
            throw RequestError("rfc: no RFC number given (such as 793, or a range such as 1-60)")
        }
        guard !rest.isEmpty, rest.count <= 6, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(rest) else {
            throw RequestError("rfc: \"\(argument)\" is not an RFC number (such as 793) or a range (such as 1-60)")
        }
        guard value > 0 else { throw RequestError("rfc: there is no RFC 0; numbers start at 1") }
        return value
    }

    /// The number in a catalog key `rfc/N` (N written without leading zeros).
    static func number(inCatalogKey key: String) -> Int? {
        guard key.hasPrefix("rfc/") else { return nil }
        let digits = key.dropFirst(4)
        guard !digits.isEmpty, digits.count <= 6, digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return Int(digits)
    }

    /// The number of a file named `rfcN.txt` (or `rfcN`).
    static func number(inFileName name: String) -> Int? {
        var base = Substring(name.lowercased())
        if base.hasSuffix(".txt") { base = base.dropLast(4) }
        guard base.hasPrefix("rfc") else { return nil }
        let digits = base.dropFirst(3)
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The number named by a key, a path or a URL: `rfc/793`, `rfc/0793`, `/mirror/rfc793.txt`.
    static func number(inKey key: String) -> Int? {
        if let number = number(inCatalogKey: key) { return number }
        if key.hasPrefix("rfc/"), let number = number(inFileName: "rfc" + key.dropFirst(4)) { return number }
        let withoutQuery = key.split(separator: "?", maxSplits: 1).first ?? Substring(key)
        guard let last = withoutQuery.split(separator: "/").last else { return nil }
        return number(inFileName: String(last))
    }
}

extension RFCTextModule {
    public func expand(_ arguments: [String]) throws -> [String] {
        var out: [String] = []
        for argument in arguments {
            let numbers = try RFCArgument.numbers(argument)
            guard out.count + numbers.count <= RFCArgument.largestRange else {
                throw RequestError("rfc: more than \(RFCArgument.largestRange) RFCs asked for at once")
            }
            out += numbers.map(String.init)
        }
        return out
    }

    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        let numbers = try RFCArgument.numbers(argument)
        guard numbers.count == 1, let number = numbers.first else {
            throw RequestError("rfc: \"\(argument)\" names several RFCs; one at a time here")
        }
        var base = settings["READER_RFC_EDITOR_URL"] ?? "https://www.rfc-editor.org"
        while base.hasSuffix("/") { base.removeLast() }
        var urls = ["\(base)/rfc/rfc\(number).txt"]
        // A local rsync mirror keeps the texts flat beside the index.
        if base.hasPrefix("file://") { urls.append("\(base)/rfc\(number).txt") }
        // A published RFC never changes: a stored copy is never asked for again.
        return Location(key: "rfc/\(number)", urls: urls, isImmutable: true)
    }
}
