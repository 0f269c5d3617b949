import Foundation
import ReaderSupport
import Synchronization

/// One thing a person said about a stored document: a note anchored to a passage, a note
/// taken back, a tag put on or off, a read state. Records are immutable and named by the
/// SHA-256 of their bytes (``AnnotationShelf``), so two stores' records merge as a union and
/// nothing one person wrote is lost to another's; what a document's state is now is a fold of
/// its records (``AnnotationState``), the later one winning for a tag or a mark.
///
/// Records anchor to the catalog key and the quoted words, never to a blob: a new version of
/// the document keeps its notes where the quote still stands.
public struct AnnotationRecord: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// A note: `text`, on the passage `quote` (optional) in `section` (optional).
        case note
        /// The note named `note` taken back.
        case unnote
        /// `tag` put on the document.
        case tag
        /// `tag` taken off.
        case untag
        /// `mark`: read, unread, starred or unstarred.
        case mark
    }

    public var kind: Kind
    /// The catalog key of the document.
    public var key: String
    /// When it was said, ISO 8601 UTC to the millisecond: the later of two records on the same
    /// tag or mark wins. Two commands a person runs are never within the same millisecond, and
    /// the records one process makes are each a millisecond after the one before at least
    /// (``RecordClock``): a tag put on and taken off in turn is off.
    public var at: String
    /// Makes two records said alike at the same second two records (two notes "ok").
    public var nonce: String
    public var text: String?
    public var quote: String?
    public var section: String?
    public var tag: String?
    public var mark: String?
    public var note: String?

    /// `at`: when it was said; now (after the last record this process made) when not given.
    public init(kind: Kind, key: String, at: Date? = nil, nonce: String? = nil) {
        self.kind = kind
        self.key = key
        self.at = (at ?? RecordClock.next()).ISO8601Format(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        self.nonce = nonce ?? FileSystem.randomToken()
    }

    /// The record's bytes, as stored and as named: sorted keys, so that the same record is
    /// always the same bytes.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }

    /// The longest note text kept: a note is a few paragraphs, not a document.
    public static let maxTextBytes = 64 << 10
    /// The longest quote: a passage, not a chapter.
    public static let maxQuoteBytes = 4 << 10
    /// The longest tag, in characters.
    public static let maxTagLength = 64
    /// A record file read back is at most this long (the limits above, escaped, and the rest).
    package static let maxRecordBytes = 512 << 10

    /// The marks `reader mark` takes.
    public static let marks: Set<String> = ["read", "unread", "starred", "unstarred"]

    /// Why `tag` cannot be a tag, in a few words; nil when it can. A tag is one word a person
    /// types and a URL carries: letters, digits and `-_.:/+`, at most ``maxTagLength``.
    public static func problem(tag: String) -> String? {
        if tag.isEmpty { return "a tag cannot be empty" }
        if tag.count > maxTagLength { return "a tag is at most \(maxTagLength) characters (this one has \(tag.count))" }
        for scalar in tag.unicodeScalars {
            if scalar.properties.isWhitespace { return "a tag cannot hold spaces" }
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                return "a tag cannot hold control characters"
            }
            guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_.:/+".unicodeScalars.contains(scalar)
            else { return "a tag holds letters, digits and - _ . : / + only" }
        }
        return nil
    }

    /// Why this record cannot be kept; nil when it can. Checked when a record is written and
    /// when one is taken from a remote, where anyone may have written it.
    public var problem: String? {
        if key.isEmpty || key.utf8.count > 4096 || key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "not a document key"
        }
        switch kind {
        case .note:
            guard let text, !text.isEmpty || quote != nil else { return "a note needs text or a quote" }
            if text.utf8.count > Self.maxTextBytes {
                return "a note is at most \(Self.maxTextBytes / 1024) KiB of text (this one is \(text.utf8.count) bytes)"
            }
            if let quote, quote.isEmpty || quote.utf8.count > Self.maxQuoteBytes {
                return "a quote is at most \(Self.maxQuoteBytes / 1024) KiB of text, and not empty"
            }
            if let section, section.isEmpty || section.utf8.count > 256 { return "not a section" }
        case .unnote:
            guard let note, note.count == 64, note.allSatisfy(\.isHexDigit) else { return "not a note's id" }
        case .tag, .untag:
            guard let tag else { return "no tag" }
            if let problem = Self.problem(tag: tag) { return problem }
        case .mark:
            guard let mark, Self.marks.contains(mark) else { return "not a mark (read, unread, starred, unstarred)" }
        }
        return nil
    }
}

/// The time of a record made now: a millisecond after the last record this process made at
/// least. Records that say the same tag or mark fold in the order of their times, and two of
/// the same millisecond in the order of their names, which is chance: a library caller that put
/// a tag on and took it off within a millisecond found it on about one time in two.
enum RecordClock {
    private static let last = Mutex<Int64>(0)

    static func next() -> Date {
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        let millisecond = last.withLock { last -> Int64 in
            last = max(now, last + 1)
            return last
        }
        // The middle of the millisecond, so that formatting to milliseconds names this one.
        return Date(timeIntervalSince1970: (Double(millisecond) + 0.5) / 1000)
    }
}
