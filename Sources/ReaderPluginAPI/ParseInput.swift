/// What a module is given to parse: the bytes and the facts the engine knows about them.
public struct ParseInput: Sendable {
    /// The raw bytes, exactly as fetched or read.
    public var bytes: [UInt8]
    /// The request type this input is parsed for, such as `rfc` or `html`.
    public var requestType: String
    /// The catalog key it is stored under, such as `rfc/793`, a URL or a file path.
    public var key: String
    /// The URL it came from (after redirects), if any; relative links resolve against it.
    public var url: String?
    /// The media type from the HTTP header, without parameters, if any.
    public var mediaType: String?
    /// The charset from the HTTP header, if any. It outranks what the bytes say about themselves.
    public var charset: String?

    public init(
        bytes: [UInt8], requestType: String, key: String, url: String? = nil, mediaType: String? = nil,
        charset: String? = nil
    ) {
        self.bytes = bytes
        self.requestType = requestType
        self.key = key
        self.url = url
        self.mediaType = mediaType
        self.charset = charset
    }
}

/// The start of an input whose kind is not known yet, for ``ParserModule/recognize(_:)``.
public struct Sample: Sendable {
    /// How many first bytes the engine gives, when the input has them: enough for the keys of
    /// a pretty-printed JSON object whose keys are sorted (a tweet's `"text"` can come after
    /// 4 KiB of `"entities"`), few enough to look through at once.
    public static let prefixLength = 64 << 10

    /// The first bytes (up to ``prefixLength``).
    public var prefix: ArraySlice<UInt8>
    /// The file name or last URL path component, if any.
    public var fileName: String?
    /// The media type from the HTTP header, if any.
    public var mediaType: String?

    public init(prefix: ArraySlice<UInt8>, fileName: String? = nil, mediaType: String? = nil) {
        self.prefix = prefix
        self.fileName = fileName
        self.mediaType = mediaType
    }

    /// The lowercased extension of ``fileName`` without the dot.
    public var fileExtension: String? {
        guard let fileName, let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        return String(fileName[fileName.index(after: dot)...]).lowercased()
    }

    /// The prefix with a UTF-8 byte order mark and leading white space skipped.
    public var firstSignificantBytes: ArraySlice<UInt8> {
        var rest = prefix
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}

/// The user's settings a module may read to locate its sources (environment variables such as
/// `READER_RFC_EDITOR_URL`). Passed in, never read from the process, so modules stay pure.
public struct Settings: Sendable {
    public var values: [String: String]
    public init(_ values: [String: String]) { self.values = values }
    public subscript(name: String) -> String? { values[name].flatMap { $0.isEmpty ? nil : $0 } }
}

/// Where a request lives: candidate URLs tried in order until one is not a 404, and the
/// headers to send. Headers named in ``secretHeaders`` are never stored or logged.
public struct Location: Sendable, Hashable {
    public var key: String
    public var urls: [String]
    public var headers: [String: String]
    public var secretHeaders: Set<String>
    /// True when what lives there never changes once published (an RFC): a stored copy is
    /// used as it is, without asking the server again.
    public var isImmutable: Bool
    /// Why this request cannot go to the network now (a token that is not set), said only when
    /// it must: a stored copy still opens, offline or not.
    public var unavailable: String?
    /// Asked first, when the request names its document only through a service's answer (a
    /// draft without a version: the datatracker says the latest): ``Resolution``.
    public var resolution: Resolution?

    public init(
        key: String, urls: [String], headers: [String: String] = [:], secretHeaders: Set<String> = [],
        isImmutable: Bool = false
    ) {
        self.key = key
        self.urls = urls
        self.headers = headers
        self.secretHeaders = secretHeaders
        self.isImmutable = isImmutable
    }

    /// A request that cannot go to the network now, for the reason given (a token that is not
    /// set): its stored copy still opens.
    public init(key: String, urls: [String], isImmutable: Bool = false, unavailable: String?) {
        self.init(key: key, urls: urls, isImmutable: isImmutable)
        self.unavailable = unavailable
    }

    /// A request known only once `resolution` is answered; `key` names it until then.
    public init(key: String, resolution: Resolution) {
        self.init(key: key, urls: [])
        self.resolution = resolution
    }
}
