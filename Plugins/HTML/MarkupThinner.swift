import Glibc

/// Takes out of a UTF-8 page what libxml2 would read character by character only for the
/// extractor to throw away: the text of comments, and the bodies of scripts and styles
/// (JSON-LD scripts stay, they carry metadata). A third of a news page is often script.
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

    static func thinned(_ page: [UInt8]) -> [UInt8] {
        page.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            return reader.run()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var output: [UInt8] = []
        /// Bytes before this index are in `output` or dropped.
        var copied = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            output.reserveCapacity(bytes.count)
        }

        mutating func run() -> [UInt8] {
            let count = bytes.count
            var index = 0
            // Only white space, comments and processing instructions so far: where libxml2
            // reads a doctype the way `doctypeEnd` does.
            var prologue = true
            while index < MarkupThinner.scanLimit, let open = next(UInt8(ascii: "<"), from: index), open + 1 < count {
                let after = bytes[open + 1]
                if prologue, (index..<open).contains(where: { !isBlank(bytes[$0]) }) { prologue = false }
                let isComment = after == UInt8(ascii: "!") && starts(at: open, with: "<!--")
                let isDoctype = after == UInt8(ascii: "!") && startsIgnoringCase(at: open, with: "<!doctype")
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
                    if isLetter(bytes[open + 2]) {
                        guard let close = next(UInt8(ascii: ">"), from: open + 2) else { break }
                        index = close + 1
                    } else {
                        index = open + 2
                    }
                } else if after == UInt8(ascii: "?") {
                    // A processing instruction runs to `>` when a name follows `<?`; else
                    // libxml2 drops the `<?` alone (a non-ASCII name: too rare to follow).
                    guard open + 2 < count, bytes[open + 2] < 0x80 else { break }
                    let target = bytes[open + 2]
                    if isLetter(target) || target == UInt8(ascii: "_") || target == UInt8(ascii: ":") {
                        guard let close = next(UInt8(ascii: ">"), from: open + 2) else { break }
                        index = close + 1
                    } else {
                        prologue = false
                        index = open + 2
                    }
                } else if isLetter(after) {
                    guard let end = startTag(at: open) else { break }
                    index = end
                } else {
                    index = open + 1
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return output
        }

        /// Reads the start tag at `open`; drops the body of a script or style that follows.
        /// Returns where to read on, or nil for a tag that runs to the end of the page.
        private mutating func startTag(at open: Int) -> Int? {
            let count = bytes.count
            var index = open + 1
            let nameStart = index
            while index < count, isNameByte(bytes[index]) { index += 1 }
            let name = nameStart..<index
            // Attributes, as htmlParseStartTag reads them.
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") { break }
                if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: ">") { break }
                if isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") {
                    while index < count, isNameByte(bytes[index]) { index += 1 }
                    index = skipBlanks(index)
                    if index < count, bytes[index] == UInt8(ascii: "=") {
                        index = skipBlanks(index + 1)
                        guard index < count else { return nil }
                        let quote = bytes[index]
                        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                            guard let close = next(quote, from: index + 1) else { return nil }
                            index = close + 1
                        } else {
                            while index < count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                        }
                    }
                } else {
                    // Not an attribute: libxml2 skips it up to a blank or the end of the tag.
                    while index < count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                        !(bytes[index] == UInt8(ascii: "/") && index + 1 < count && bytes[index + 1] == UInt8(ascii: ">"))
                    {
                        index += 1
                    }
                }
                index = skipBlanks(index)
            }
            guard index < count else { return nil }
            if bytes[index] == UInt8(ascii: "/") { return index + 2 }  // `<script/>` has no body
            let end = index + 1
            let isScript = equalsIgnoringCase(name, "script")
            guard isScript || equalsIgnoringCase(name, "style") else { return end }
            guard let close = rawTextEnd(from: end, script: isScript) else { return nil }
            if !(isScript && contains(open..<end, "ld+json")) { drop(end..<close) }
            return close
        }

        /// Where the body of a script or style that starts at `start` ends, as libxml2 finds
        /// it: at `</script` (or `</style`) with nothing more to the name; `</scripts>` is
        /// ignored and the body goes on. Right at the start, and after such an ignored tag, a
        /// `<noscript` start tag closes a script, and `<body` or `<frameset` a style (libxml2's
        /// auto-close table), and any other end tag is read as markup: there this gives up.
        private func rawTextEnd(from start: Int, script: Bool) -> Int? {
            let closing: StaticString = script ? "</script" : "</style"
            let closers: [StaticString] = script ? ["noscript"] : ["body", "frameset"]
            var position = start
            while true {
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "<") {
                    let after = bytes[position + 1]
                    if after == UInt8(ascii: "/"), !startsIgnoringCase(at: position, with: closing) { return nil }
                    if isLetter(after) {
                        var nameEnd = position + 2
                        while nameEnd < bytes.count, isNameByte(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: ".") {
                            nameEnd += 1
                        }
                        if closers.contains(where: { equalsIgnoringCase((position + 1)..<nameEnd, $0) }) { return position }
                    }
                }
                guard let candidate = find(closing, from: position) else { return nil }
                let after = candidate + closing.utf8CodeUnitCount
                if after == bytes.count || !isNameByte(bytes[after]) { return candidate }
                guard let tagEnd = next(UInt8(ascii: ">"), from: after) else { return nil }
                position = tagEnd + 1
            }
        }

        /// Where a doctype ends, read as htmlParseDocTypeDecl reads it: a name, an optional
        /// PUBLIC or SYSTEM identifier in quotes, then anything up to `>`.
        private func doctypeEnd(from start: Int) -> Int? {
            let count = bytes.count
            var index = skipBlanks(start)
            while index < count, isNameByte(bytes[index]) || bytes[index] >= 0x80 { index += 1 }
            index = skipBlanks(index)
            func literal(_ at: Int) -> Int? {
                guard at < count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return at }
                return next(bytes[at], from: at + 1).map { $0 + 1 }
            }
            if startsIgnoringCase(at: index, with: "system") {
                guard let end = literal(skipBlanks(index + 6)) else { return nil }
                index = end
            } else if startsIgnoringCase(at: index, with: "public") {
                guard let publicEnd = literal(skipBlanks(index + 6)), let end = literal(skipBlanks(publicEnd)) else {
                    return nil
                }
                index = end
            }
            return next(UInt8(ascii: ">"), from: index).map { $0 + 1 }
        }

        /// Where the comment whose text starts at `start` ends (after its `-->` or `--!>`).
        private func commentEnd(from start: Int) -> Int? {
            var index = start
            while let dash = next(UInt8(ascii: "-"), from: index) {
                if starts(at: dash, with: "-->") { return dash + 3 }
                if starts(at: dash, with: "--!>") { return dash + 4 }
                index = dash + 1
            }
            return nil
        }

        private mutating func drop(_ range: Range<Int>, keeping replacement: String = "") {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
            output.append(contentsOf: replacement.utf8)
            copied = range.upperBound
        }

        /// The first `byte` at or after `start`.
        private func next(_ byte: UInt8, from start: Int) -> Int? {
            guard start < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + start, Int32(byte), bytes.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        /// The first `text` (ASCII, matched ignoring case) at or after `start`.
        private func find(_ text: StaticString, from start: Int) -> Int? {
            var index = start
            while let open = next(text.utf8Start[0], from: index) {
                if startsIgnoringCase(at: open, with: text) { return open }
                index = open + 1
            }
            return nil
        }

        private func starts(at index: Int, with text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= bytes.count else { return false }
            for offset in 0..<length where bytes[index + offset] != text.utf8Start[offset] { return false }
            return true
        }

        /// Whether `text` (ASCII lowercase) is at `index`, in any case.
        private func startsIgnoringCase(at index: Int, with text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= bytes.count else { return false }
            for offset in 0..<length where lowered(bytes[index + offset]) != text.utf8Start[offset] { return false }
            return true
        }

        private func equalsIgnoringCase(_ range: Range<Int>, _ text: StaticString) -> Bool {
            range.count == text.utf8CodeUnitCount && startsIgnoringCase(at: range.lowerBound, with: text)
        }

        private func contains(_ range: Range<Int>, _ text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard range.count >= length else { return false }
            return (range.lowerBound...(range.upperBound - length)).contains { startsIgnoringCase(at: $0, with: text) }
        }

        private func skipBlanks(_ start: Int) -> Int {
            var index = start
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
            return index
        }

        private func lowered(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }
        private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
        private func isBlank(_ byte: UInt8) -> Bool { byte < 64 && (UInt64(0x1_0000_2600) >> UInt64(byte)) & 1 != 0 }
        /// The bytes of a tag or attribute name after its first (libxml2's htmlParseHTMLName):
        /// letters, digits, `:`, `-`, `_` and `.`, as bit masks (this runs over every tag).
        private func isNameByte(_ byte: UInt8) -> Bool {
            if byte < 64 { return (UInt64(0x07FF_6000_0000_0000) >> UInt64(byte)) & 1 != 0 }
            if byte < 128 { return (UInt64(0x07FF_FFFE_87FF_FFFE) >> UInt64(byte - 64)) & 1 != 0 }
            return false
        }
    }
}
