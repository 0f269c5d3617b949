import Glibc

/// Takes out of a UTF-8 page what libxml2 would read character by character only for the
/// extractor to throw away, or that is quicker read here: the text of comments, the bodies of
/// scripts and styles (JSON-LD scripts stay, they carry metadata), and the attributes of tags,
/// which this reads itself (``StartTag.swift``). A third of a news page is often script.
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
        page.withUnsafeBufferPointer { buffer in
            var reader = MarkupReader(bytes: buffer)
            return reader.run()
        }
    }
}

/// A page as libxml2 is to read it, and the attributes taken out of its tags.
struct ThinnedPage {
    var bytes: [UInt8]
    var attributes = PreparsedAttributes()
}

/// One pass over the page, copying what libxml2 needs into `output`.
struct MarkupReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var output: [UInt8] = []
    /// Bytes before this index are in `output` or dropped.
    var copied = 0
    var attributes = PreparsedAttributes()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        output.reserveCapacity(bytes.count)
    }

    mutating func run() -> ThinnedPage {
        let count = bytes.count
        var index = 0
        // Only white space, comments and processing instructions so far: where libxml2
        // reads a doctype the way `doctypeEnd` does.
        var prologue = true
        while index < MarkupThinner.scanLimit, let open = bytes.next(UInt8(ascii: "<"), from: index), open + 1 < count {
            let after = bytes[open + 1]
            if prologue, (index..<open).contains(where: { !MarkupByte.isBlank(bytes[$0]) }) { prologue = false }
            let isComment = after == UInt8(ascii: "!") && bytes.starts(at: open, with: "<!--")
            let isDoctype = after == UInt8(ascii: "!") && bytes.startsIgnoringCase(at: open, with: "<!doctype")
            if !isComment, after != UInt8(ascii: "?"), !(isDoctype && prologue) { prologue = false }
            if after == UInt8(ascii: "!") {
                if isComment {
                    // An empty comment stays in its place: text on either side of a comment
                    // reaches libxml2's checks for implied paragraphs in two pieces, as before.
                    guard let end = commentEnd(from: open + 4) else { break }
                    drop(open..<end, keeping: "<!---->")
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
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return ThinnedPage(bytes: output, attributes: attributes)
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

    mutating func drop(_ range: Range<Int>, keeping replacement: String = "") {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
        output.append(contentsOf: replacement.utf8)
        copied = range.upperBound
    }
}
