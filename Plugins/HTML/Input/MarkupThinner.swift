#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Takes out of a UTF-8 page what libxml2 would read character by character only for the
/// extractor to throw away, or that is quicker read here: the text of comments, the bodies of
/// scripts and styles (JSON-LD scripts stay, they carry metadata), and the attributes of tags,
/// which this reads itself (``StartTagThinning.swift``). A third of a news page is often script.
///
/// It reads the markup as libxml2 2.9 tokenizes it (tags open with `<` and a letter,
/// attribute values are quoted only after `=`, a comment ends at `-->` or `--!>`, a
/// processing instruction at the first `>`, a script at `</script`), so that it removes only
/// what libxml2 would have taken for a comment or a script's text; whenever it is unsure it
/// stops and leaves the rest as it is.
enum MarkupThinner {
    /// Past this many bytes the page is left as it is: the work stays bounded on hostile
    /// input (libxml2 may stop reading long before), and real pages are smaller.
    static let scanLimit = 4 << 20

    static func thinned(_ page: [UInt8]) -> ThinnedPage {
        // Thinning shrinks real pages; a page of tiny tags may grow with the markers, and is
        // then left as it is.
        let capacity = page.count + page.count / 4 + 64
        var attributes = PreparsedAttributes()
        var overflowed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { storage, written in
            page.withUnsafeBufferPointer { input in
                var reader = MarkupReader(bytes: input, output: ByteOutput(storage))
                reader.run()
                written = reader.output.count
                overflowed = reader.output.overflowed
                attributes = reader.attributes
            }
        }
        return overflowed ? ThinnedPage(bytes: page) : ThinnedPage(bytes: bytes, attributes: attributes)
    }
}

/// A page as libxml2 is to read it, and the attributes taken out of its tags.
struct ThinnedPage {
    var bytes: [UInt8]
    var attributes = PreparsedAttributes()
}

/// The thinner's output, written in place into an array's reserved storage: thousands of
/// small appends a page, each a bounds check and a copy. Writing past the end is refused and
/// remembered; the thinner then gives the page back as it was.
struct ByteOutput {
    private let base: UnsafeMutablePointer<UInt8>?
    private let capacity: Int
    private(set) var count = 0
    private(set) var overflowed = false

    init(_ storage: UnsafeMutableBufferPointer<UInt8>) {
        base = storage.baseAddress
        capacity = storage.count
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        guard let base, count + bytes.count <= capacity else {
            overflowed = true
            return
        }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ byte: UInt8) {
        guard let base, count < capacity else {
            overflowed = true
            return
        }
        (base + count).initialize(to: byte)
        count += 1
    }
}

/// One pass over the page, copying what libxml2 needs into `output`.
struct MarkupReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var output: ByteOutput
    /// Bytes before this index are in `output` or dropped.
    var copied = 0
    var attributes = PreparsedAttributes()
    /// Open `pre` elements (and the like), by kind: their white space is content.
    var preformatted = [0, 0, 0, 0, 0]
    /// Set once an end tag may not close a `pre` as it seems to: libxml2 ignores `</pre>`
    /// inside a `div` or a table cell. White space is kept from there on.
    var preformattedUnsure = false

    init(bytes: UnsafeBufferPointer<UInt8>, output: ByteOutput) {
        self.bytes = bytes
        self.output = output
        // Sized for news pages up front: growing these arrays copies them.
        let expected = min(bytes.count, MarkupThinner.scanLimit)
        attributes.values.reserveCapacity(expected / 4)
        attributes.attributes.reserveCapacity(expected / 64)
        attributes.records.reserveCapacity(expected / 128)
    }

    mutating func run() {
        let count = bytes.count
        var index = 0
        // Only white space, comments and processing instructions so far: where libxml2
        // reads a doctype the way `doctypeEnd` does.
        var prologue = true
        while index < MarkupThinner.scanLimit, let open = bytes.next(UInt8(ascii: "<"), from: index), open + 1 < count {
            let after = bytes[open + 1]
            if prologue, (index..<open).contains(where: { !MarkupByte.isBlank(bytes[$0]) }) { prologue = false }
            if !preformattedUnsure, preformatted.allSatisfy({ $0 == 0 }) { collapseSpaces(index..<open) }
            let isComment = after == UInt8(ascii: "!") && bytes.starts(at: open, with: "<!--")
            let isDoctype = after == UInt8(ascii: "!") && bytes.startsIgnoringCase(at: open, with: "<!doctype")
            if !isComment, after != UInt8(ascii: "?"), !(isDoctype && prologue) { prologue = false }
            if after == UInt8(ascii: "!") {
                if isComment {
                    // An empty comment stays in its place: text on either side of a comment
                    // reaches libxml2's checks for implied paragraphs in two pieces, as before.
                    guard let end = commentEnd(from: open + 4) else { break }
                    drop(open..<end)
                    MarkupReader.emptyComment.withUnsafeBufferPointer { output.append($0) }
                    index = end
                } else if isDoctype {
                    // Past the prologue libxml2 reads doctypes in ways too odd to follow.
                    guard prologue, let end = doctypeEnd(from: open + 9) else { break }
                    prologue = false
                    index = end
                } else {
                    index = open + 1  // libxml2 reads `<!` of anything else as text
                }
            } else if after == UInt8(ascii: "/") {
                guard open + 2 < count else { break }
                if MarkupByte.isLetter(bytes[open + 2]) {
                    guard let close = bytes.next(UInt8(ascii: ">"), from: open + 2) else { break }
                    if let kind = keepsSpaces((open + 2)..<close), preformatted[kind] > 0 { preformatted[kind] -= 1 }
                    index = close + 1
                } else {
                    index = open + 2
                }
            } else if after == UInt8(ascii: "?") {
                // A processing instruction runs to `>` when a name follows `<?`; else
                // libxml2 drops the `<?` alone (a non-ASCII name: too rare to follow).
                guard open + 2 < count, bytes[open + 2] < 0x80 else { break }
                let target = bytes[open + 2]
                if MarkupByte.isLetter(target) || target == UInt8(ascii: "_") || target == UInt8(ascii: ":") {
                    guard let close = bytes.next(UInt8(ascii: ">"), from: open + 2) else { break }
                    index = close + 1
                } else {
                    prologue = false
                    index = open + 2
                }
            } else if MarkupByte.isLetter(after) {
                guard let end = startTag(at: open) else { break }
                index = end
            } else {
                index = open + 1
            }
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
    }

    /// Runs of white space in text made one character: indentation is much of a page, and
    /// libxml2 reads text a character at a time. Only in pieces of text (between `<` and
    /// `&`) shorter than libxml2's 1000-byte buffer: a piece that fills it is checked in
    /// parts for being blank, with effects (an implied `<p>`) that shortening would change.
    mutating func collapseSpaces(_ range: Range<Int>) {
        guard range.count > 1 else { return }
        if range.count < 990 {
            collapseRuns(range)  // then every piece between `&`s is shorter too
            return
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let end = bytes.next(UInt8(ascii: "&"), from: start, before: range.upperBound) ?? range.upperBound
            if end - start < 990 { collapseRuns(start..<end) }
            start = end + 1
        }
    }

    private mutating func collapseRuns(_ range: Range<Int>) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            // Eight bytes at a time while no two neighbours are at or below the space (the
            // test may see such bytes where there are none, never the other way round).
            if index + 8 < end {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let low = (word &- 0x2121_2121_2121_2121) & ~word & 0x8080_8080_8080_8080
                if low & (low >> 8) == 0, low >> 63 == 0 || bytes[index + 8] > 0x20 {
                    index += 8
                    continue
                }
            }
            if bytes[index] > 0x20 || !MarkupByte.isBlank(bytes[index]) {
                index += 1
                continue
            }
            var runEnd = index + 1
            // Indentation is long: eight blanks at a time.
            while runEnd + 8 <= end, MarkupByte.allBlank(raw.loadUnaligned(fromByteOffset: runEnd, as: UInt64.self)) {
                runEnd += 8
            }
            while runEnd < end, bytes[runEnd] <= 0x20, MarkupByte.isBlank(bytes[runEnd]) { runEnd += 1 }
            if runEnd - index > 1 { drop((index + 1)..<runEnd) }
            index = runEnd
        }
    }

    /// The kind of element whose white space libxml2 and the extractor keep, if the tag
    /// name at `range` (just after `<` or `</`) is one.
    func keepsSpaces(_ range: Range<Int>) -> Int? {
        // pre, textarea, listing, xmp, plaintext: a quick look at the first letter first.
        guard range.lowerBound < bytes.count else { return nil }
        let first = MarkupByte.lowered(bytes[range.lowerBound])
        guard
            first == UInt8(ascii: "p") || first == UInt8(ascii: "t") || first == UInt8(ascii: "l")
                || first == UInt8(ascii: "x")
        else { return nil }
        let name = nameRange(range)
        let kinds: [StaticString] = ["pre", "textarea", "listing", "xmp", "plaintext"]
        return kinds.firstIndex { bytes.equalsIgnoringCase(name, $0) }
    }

    /// Whether the tag name at `range` is of an element with a higher end priority than
    /// `pre` in libxml2 (htmlEndPriority), so that a `</pre>` inside it is ignored.
    func outranksPre(_ range: Range<Int>) -> Bool {
        let name = nameRange(range)
        let names: [StaticString] = ["div", "td", "th", "tr", "thead", "tbody", "tfoot", "table", "head", "body", "html"]
        return names.contains { bytes.equalsIgnoringCase(name, $0) }
    }

    private func nameRange(_ range: Range<Int>) -> Range<Int> {
        var end = range.lowerBound
        while end < range.upperBound, MarkupByte.isNameByte(bytes[end]) { end += 1 }
        return range.lowerBound..<end
    }

    /// Where the body of a script or style that starts at `start` ends, as libxml2 finds
    /// it: at `</script` (or `</style`) with nothing more to the name; `</scripts>` is
    /// ignored and the body goes on. Right at the start, and after such an ignored tag, a
    /// `<noscript` start tag closes a script, and `<body` or `<frameset` a style (libxml2's
    /// auto-close table), and any other end tag is read as markup: there this gives up.
    func rawTextEnd(from start: Int, script: Bool) -> Int? {
        let closing: StaticString = script ? "</script" : "</style"
        let closers: [StaticString] = script ? ["noscript"] : ["body", "frameset"]
        var position = start
        while true {
            if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "<") {
                let after = bytes[position + 1]
                if after == UInt8(ascii: "/"), !bytes.startsIgnoringCase(at: position, with: closing) { return nil }
                if MarkupByte.isLetter(after) {
                    var nameEnd = position + 2
                    while nameEnd < bytes.count, MarkupByte.isNameByte(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: ".") {
                        nameEnd += 1
                    }
                    if closers.contains(where: { bytes.equalsIgnoringCase((position + 1)..<nameEnd, $0) }) { return position }
                }
            }
            guard let candidate = bytes.find(closing, from: position) else { return nil }
            let after = candidate + closing.utf8CodeUnitCount
            if after == bytes.count || !MarkupByte.isNameByte(bytes[after]) { return candidate }
            guard let tagEnd = bytes.next(UInt8(ascii: ">"), from: after) else { return nil }
            position = tagEnd + 1
        }
    }

    /// Where a doctype ends, read as htmlParseDocTypeDecl reads it: a name, an optional
    /// PUBLIC or SYSTEM identifier in quotes, then anything up to `>`.
    private func doctypeEnd(from start: Int) -> Int? {
        let count = bytes.count
        var index = bytes.skipBlanks(start)
        while index < count, MarkupByte.isNameByte(bytes[index]) || bytes[index] >= 0x80 { index += 1 }
        index = bytes.skipBlanks(index)
        func literal(_ at: Int) -> Int? {
            guard at < count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return at }
            return bytes.next(bytes[at], from: at + 1).map { $0 + 1 }
        }
        if bytes.startsIgnoringCase(at: index, with: "system") {
            guard let end = literal(bytes.skipBlanks(index + 6)) else { return nil }
            index = end
        } else if bytes.startsIgnoringCase(at: index, with: "public") {
            guard let publicEnd = literal(bytes.skipBlanks(index + 6)), let end = literal(bytes.skipBlanks(publicEnd)) else {
                return nil
            }
            index = end
        }
        return bytes.next(UInt8(ascii: ">"), from: index).map { $0 + 1 }
    }

    /// Where the comment whose text starts at `start` ends (after its `-->` or `--!>`).
    private func commentEnd(from start: Int) -> Int? {
        var index = start
        while let dash = bytes.next(UInt8(ascii: "-"), from: index) {
            if bytes.starts(at: dash, with: "-->") { return dash + 3 }
            if bytes.starts(at: dash, with: "--!>") { return dash + 4 }
            index = dash + 1
        }
        return nil
    }

    private static let emptyComment = Array("<!---->".utf8)

    /// Copies what comes before `range` and leaves `range` out.
    mutating func drop(_ range: Range<Int>) {
        if range.lowerBound > copied {
            output.append(UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
        }
        copied = range.upperBound
    }
}
