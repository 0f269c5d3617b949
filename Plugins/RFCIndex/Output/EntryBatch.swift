import ReaderJSON
import ReaderPluginAPI

/// Entries whose JSON is written, until they become ``Entry`` values. The JSON of a run of
/// them (a hundred or so) becomes one String that they share, each reading its title and
/// authors from its part of it: most entries then need no memory of their own, where making
/// and freeing a String for each text of each entry was a third of the time of reading the
/// index. What waits is plain numbers and ranges, so that it is kept and dropped without a
/// retain or release.
struct EntryBatch {
    /// The JSON of the waiting entries, one after the other: ``EntryMaker`` writes it here.
    let text = ScratchBytes(capacity: EntryBatch.size + 4096)
    private let waiting = ScratchList<Waiting>(capacity: 256)
    /// The notices of the waiting entries that have some.
    private var notices: [[String]] = []
    private var statuses = RepeatedValues()
    private var dates = ISODateTexts()
    /// The annotations of the many RFCs that nothing obsoletes or updates, shared.
    private let noAnnotations = Entry.AnnotationsText.text(#"{"obsoletedBy":[],"updatedBy":[]}"#[...])
    private let encoding: TextEncoding

    /// The bytes of JSON after which the waiting entries are made: small enough that one
    /// entry kept alone keeps little else alive.
    static let size = 32 * 1024

    /// An entry, its texts as places in ``text`` and numbers to look up.
    struct Waiting {
        var number: Int
        var date: IndexDates.Parts?
        /// In ``statuses``.
        var status: Int?
        /// In ``notices``.
        var notices: Int?
        var fields: Range<Int>
        /// Its annotations follow its fields up to here; none when this is where they end.
        var annotationsEnd: Int
        /// Whether the fields and annotations are all ASCII.
        var isASCII: Bool
        /// Where the values of "title" and "authors" start in `text`.
        var title: Int
        var authors: Int
    }

    init(encoding: TextEncoding) {
        self.encoding = encoding
    }

    /// The number under which the status written in `range` of `text` waits.
    mutating func status(_ text: ByteText, _ range: Range<Int>) -> Int {
        statuses.index(text, range, encoding)
    }

    /// The number under which `notices` wait.
    mutating func keep(notices list: [String]) -> Int {
        notices.append(list)
        return notices.count - 1
    }

    /// Adds an entry, and makes the entries waiting when their JSON is long enough.
    mutating func add(_ entry: Waiting, to entries: inout [Entry]) {
        waiting.append(entry)
        if text.count >= Self.size { flush(into: &entries) }
    }

    /// Makes the waiting entries, in the order they came.
    mutating func flush(into entries: inout [Entry]) {
        // A String for each run of entries written in ASCII, and for each run of the others
        // (a few dozen in the index): UTF-8 validation costs ten times the ASCII check.
        var first = 0
        while first < waiting.count {
            let isASCII = waiting[first].isASCII
            var end = first + 1
            while end < waiting.count, waiting[end].isASCII == isASCII { end += 1 }
            make(first..<end, isASCII: isASCII, into: &entries)
            first = end
        }
        waiting.removeAll()
        notices.removeAll(keepingCapacity: true)
        text.removeAll()
    }

    private mutating func make(_ run: Range<Int>, isASCII: Bool, into entries: inout [Entry]) {
        let start = waiting[run.lowerBound].fields.lowerBound
        // Valid UTF-8 (the writer decodes what is not as the Strings of an entry are), so the
        // offsets hold in the String.
        let shared = text.string(start..<waiting[run.upperBound - 1].annotationsEnd, ascii: isASCII).utf8
        for index in run {
            let entry = waiting[index]
            let fieldsStart = shared.index(shared.startIndex, offsetBy: entry.fields.lowerBound - start)
            let fieldsEnd = shared.index(fieldsStart, offsetBy: entry.fields.count)
            let annotationsEnd = shared.index(fieldsEnd, offsetBy: entry.annotationsEnd - entry.fields.upperBound)
            entries.append(
                Entry(
                    id: Self.decimal(entry.number), date: entry.date.map { dates.text($0) },
                    status: entry.status.map { statuses[$0] }, notices: entry.notices.map { notices[$0] } ?? [],
                    annotations: fieldsEnd == annotationsEnd
                        ? noAnnotations : .afterFields(count: Int32(clamping: entry.annotationsEnd - entry.fields.upperBound)),
                    fieldsJSON: Substring(shared[fieldsStart..<fieldsEnd]), titleOffset: entry.title - entry.fields.lowerBound,
                    authorsOffset: entry.authors - entry.fields.lowerBound))
        }
    }

    /// `String(number)`, without the general integer formatting. An RFC number has at most
    /// nine digits (``ByteText/number(_:)``): a small String, made without a heap allocation
    /// when asked for no more than 15 bytes.
    private static func decimal(_ number: Int) -> String {
        guard number >= 0, number < 1_000_000_000 else { return String(number) }
        return String(unsafeUninitializedCapacity: 15) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            return JSONQuoting.digits(number, at: start)
        }
    }
}
