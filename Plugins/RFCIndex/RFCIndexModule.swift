import ReaderPluginAPI

/// The RFC Editor's plain-text index of all RFCs (`rfc-index.txt`): one ``Entry`` per RFC.
public struct RFCIndexModule: ParserModule {
    public init() {}

    public let descriptor = ModuleDescriptor(
        name: "rfc-index",
        requestTypes: ["rfc-index"],
        urlPatterns: ["*/rfc-index.txt"],
        mediaTypes: ["text/plain"],
        fileExtensions: [],
        version: "2",
        summary: "The RFC Editor's plain-text index of all RFCs: number, title, authors, date, status, relations.",
        listings: [RFCIndexModule.listing]
    )

    /// What the index is to the engine: the list of the RFCs (`reader list`, `search`, `fetch
    /// rfc all`, the site's `/index`). Its titles win over those read from the texts: they are
    /// the RFC Editor's curated titles, the same for every RFC, while the text's are read back
    /// from title pages that old RFCs lay out in every way (RFC 18 has none, 54 words it
    /// otherwise, some are set in capitals).
    public static let listing = Listing(
        requestType: "rfc-index", describes: "rfc", name: "RFC index", absentField: "notIssued", absentMark: "Not Issued",
        absentReason: "never issued",
        statuses: [
            "INTERNET STANDARD", "PROPOSED STANDARD", "DRAFT STANDARD", "BEST CURRENT PRACTICE", "INFORMATIONAL", "EXPERIMENTAL",
            "HISTORIC", "UNKNOWN",
        ],
        titlesWin: true, everyWord: "all",
        // The subseries: an entry's "(Also BCP0014)" (its `also` field) makes it a member of BCP 14.
        groups: [
            ListingGroup(word: "bcp", name: "Best Current Practice", field: "also", mark: "BCP"),
            ListingGroup(word: "std", name: "Internet Standard", field: "also", mark: "STD"),
            ListingGroup(word: "fyi", name: "For Your Information", field: "also", mark: "FYI"),
        ])

    /// At most this many notes about odd entries; a broken file should not bury the reader.
    static let noteLimit = 20

    public func parse(_ input: ParseInput) throws -> Document {
        let encoding = TextEncoding(charset: input.charset)
        let (entries, notes, created, relations) = input.bytes.withUnsafeBufferPointer { bytes in
            read(bytes, encoding: encoding)
        }
        guard !entries.isEmpty else {
            throw ParseError(module: descriptor.name, reason: "no index entries found")
        }
        var extra: [String: JSONValue] = ["entryCount": JSONValue(entries.count)]
        if let created { extra["created"] = .string(created) }
        return Document(
            source: "rfc-index", key: "rfc-index", title: "RFC Index", metadata: Metadata(date: created),
            entries: entries, notes: notes, extra: extra, relations: relations
        )
    }

    private func read(
        _ bytes: UnsafeBufferPointer<UInt8>, encoding: TextEncoding
    )
        -> (entries: [Entry], notes: [String], created: String?, relations: [ReaderPluginAPI.Relation])
    {
        // Room for every entry at once: an array that doubles holds the old and the new buffer
        // at the moment it grows, which for a million entries is a hundred megabytes more.
        var reading = IndexReading(encoding: encoding, expected: IndexScanner(bytes: bytes).entryLineCount())
        let headerEnd = IndexScanner(bytes: bytes).forEachEntry { line, text in reading.add(line: line, text) }
        // Lines that merely start with a number ("404 Not Found") are not an index.
        guard reading.wellFormed else { return ([], [], nil, []) }
        var notes = Array(reading.problems.prefix(Self.noteLimit))
        if reading.problems.count > Self.noteLimit {
            notes.append("\(reading.problems.count - Self.noteLimit) more notes like these are left out")
        }
        let created = IndexDates.created(in: ByteText(text: bytes), before: headerEnd ?? bytes.count)
        return (reading.finish(), notes, created, reading.relations)
    }

    public func recognize(_ sample: Sample) -> Int {
        if sample.fileName?.lowercased() == "rfc-index.txt" { return 95 }
        let text = Array(sample.firstSignificantBytes)
        return text.withUnsafeBufferPointer { bytes in
            let text = ByteText(text: bytes)
            let all = 0..<bytes.count
            guard text.first("RFC INDEX", in: all) != nil else { return 0 }
            let created = text.first("(CREATED ON:", in: all) != nil
            let entry = text.first("\n0001 ", in: all) != nil || text.first("\n1 Host Software", in: all) != nil
            return created || entry ? 90 : 0
        }
    }

    /// `rfc-index` lives at `$READER_RFC_EDITOR_URL/rfc-index.txt`; the argument is not used.
    public func locate(_ argument: String, settings: Settings) throws -> Location? {
        var base = settings["READER_RFC_EDITOR_URL"] ?? "https://www.rfc-editor.org"
        while base.hasSuffix("/") { base.removeLast() }
        return Location(key: "rfc-index", urls: [base + "/rfc-index.txt"])
    }
}

/// The state of one parse: the entries so far and what is reused from one to the next. One
/// value, so that the record is lent to the maker rather than copied for each entry.
private struct IndexReading {
    var entries: [Entry] = []
    var numbers: NumberSet
    var problems: [String] = []
    var wellFormed = false
    var reader: EntryReader
    var maker: EntryMaker
    var record = IndexRecord()
    /// What each entry says its RFC obsoletes and updates, as relations of that RFC (the
    /// inverse lists, "Obsoleted by" and "Updated by", say the same from the other side).
    var relations: [ReaderPluginAPI.Relation] = []

    init(encoding: TextEncoding, expected: Int) {
        entries.reserveCapacity(expected)
        numbers = NumberSet()
        reader = EntryReader()
        maker = EntryMaker(encoding: encoding)
    }

    mutating func add(line: Int, _ text: ByteText) {
        guard reader.read(text, into: &record) else {
            problems.append("line \(line): the entry number is too long; the entry is left out")
            return
        }
        guard numbers.insert(record.number) else {
            problems.append("line \(line): RFC \(record.number) is listed twice; the first listing is kept")
            return
        }
        for problem in record.problems { problems.append("line \(line): RFC \(record.number): \(problem)") }
        wellFormed = wellFormed || record.notIssued || record.date != nil
        maker.add(record, text, to: &entries)
        let own = "rfc/\(record.number)"
        for number in record.obsoletes.rfcs { relations.append(.init(.obsoletes, target: "rfc/\(number)", subject: own)) }
        for number in record.updates.rfcs { relations.append(.init(.updates, target: "rfc/\(number)", subject: own)) }
        // The inverse lists too, for an entry whose successor's entry does not say it (the
        // engine keeps each relation once).
        for number in record.obsoletedBy.rfcs { relations.append(.init(.obsoletes, target: own, subject: "rfc/\(number)")) }
        for number in record.updatedBy.rfcs { relations.append(.init(.updates, target: own, subject: "rfc/\(number)")) }
    }

    /// The entries, once the input is read.
    mutating func finish() -> [Entry] {
        maker.flush(into: &entries)
        return entries
    }
}

/// The RFC numbers seen, as bits for numbers up to 2^20 (RFCs are numbered from 1, and are
/// below 10,000 now) and a set beyond: hashing each number was a few percent of the parse.
private struct NumberSet {
    private var bits: [UInt64] = []
    private var large: Set<Int> = []
    static let bitLimit = 1 << 20

    /// Whether `number` was not there before.
    mutating func insert(_ number: Int) -> Bool {
        guard number >= 0, number < Self.bitLimit else { return large.insert(number).inserted }
        let word = number >> 6
        if word >= bits.count { bits += repeatElement(0, count: max(word + 1, 2 * bits.count) - bits.count) }
        let mask: UInt64 = 1 << UInt64(number & 63)
        if bits[word] & mask != 0 { return false }
        bits[word] |= mask
        return true
    }
}
