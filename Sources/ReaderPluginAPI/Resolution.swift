/// A request whose document is known only after asking a service first: `reader fetch draft
/// draft-ietf-quic-transport` names no version, and the datatracker's answer says the latest
/// is `34`. A module puts one on its ``Location`` (whose ``Location/urls`` may then be empty);
/// the engine fetches ``url`` (a small JSON object, at most ``largestAnswer`` bytes), reads
/// its top-level ``member`` (a string or a whole number), puts it in ``argument`` for
/// `{value}` and locates the request again with that: one step, never another resolution.
/// The module's own `locate` checks the value as it checks any argument (a version `-999` or
/// `../x` is refused in one line, and nothing is stored).
///
/// When the answer cannot be had (offline, the service unreachable), the stored document
/// whose key starts with ``storedPrefix`` and ends with the greatest value stands in (the
/// newest stored version), said in one line; `reader open` prefers it over asking.
public struct Resolution: Sendable, Hashable, Codable {
    /// What is asked first (`https://datatracker.ietf.org/doc/draft-ietf-quic-transport/doc.json`).
    public var url: String
    /// The member of the answer's top-level object that completes the request (`rev`).
    public var member: String
    /// The argument to locate once the value is known, `{value}` standing for it
    /// (`draft-ietf-quic-transport-{value}`).
    public var argument: String
    /// The catalog keys that stand in for the answer, less the value (`draft-ietf-quic-transport-`):
    /// the stored one with the greatest rest (compared as a number when it is digits) is taken.
    public var storedPrefix: String?

    /// An answer longer than this is refused: a resolution asks for a value, not a document.
    public static let largestAnswer = 1 << 20

    public init(url: String, member: String, argument: String, storedPrefix: String? = nil) {
        self.url = url
        self.member = member
        self.argument = argument
        self.storedPrefix = storedPrefix
    }

    /// ``argument`` with the value in place of `{value}`.
    public func argument(with value: String) -> String {
        argument.replacing("{value}", with: value)
    }
}
