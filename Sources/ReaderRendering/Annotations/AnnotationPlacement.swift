import ReaderPluginAPI

/// Where an annotation goes in the document it is about: at the passage it quotes, else at
/// the section it names, else at the end.
///
/// Quotes are rarely the text as the document holds it: re-wrapped at another width,
/// indented otherwise, words hyphenated at line ends, page breaks left in, runs elided with
/// "...". So both are compared as their *skeletons* — letters and digits only, lower-cased —
/// which none of that changes; a quote is cut at its elisions and found when its pieces stand
/// in the document in order, each after the one before. A piece too short to mean anything
/// (a skeleton under 12 characters in all) is not looked for.
public struct AnnotationPlacement: Sendable {
    /// The document's skeleton, and where each top-level block's starts in it.
    private let skeleton: [UInt8]
    private let blockStarts: [Int]
    /// The section number each top-level block is in (nil before the first numbered heading),
    /// and the block of each section's heading, by normalised number.
    private let sectionOfBlock: [String?]
    private let headingBlock: [String: Int]

    /// The shortest quote placed by its text, in skeleton bytes.
    static let shortestQuote = 12

    public init(_ document: Document) {
        var skeleton: [UInt8] = []
        var starts: [Int] = []
        var sections: [String?] = []
        var headings: [String: Int] = [:]
        var current: String?
        for (index, block) in document.blocks.enumerated() {
            starts.append(skeleton.count)
            if case .heading(_, let number?, _) = block {
                current = number
                let key = Self.sectionKey(number)
                if headings[key] == nil { headings[key] = index }
            }
            sections.append(current)
            if let text = block.plainText { Self.appendSkeleton(of: text, to: &skeleton) }
        }
        self.skeleton = skeleton
        self.blockStarts = starts
        self.sectionOfBlock = sections
        self.headingBlock = headings
    }

    public func place(_ annotation: Annotation, set: String) -> PlacedAnnotation {
        if let quote = annotation.quote, let end = find(quote) {
            let block = blockIndex(containing: end)
            return PlacedAnnotation(annotation: annotation, set: set, place: .text, block: block, section: sectionOfBlock[block])
        }
        if let section = annotation.section, let block = headingBlock[Self.sectionKey(section)] {
            return PlacedAnnotation(annotation: annotation, set: set, place: .section, block: block, section: sectionOfBlock[block])
        }
        return PlacedAnnotation(annotation: annotation, set: set, place: .end, block: nil, section: nil)
    }

    /// The skeleton offset where `quote` ends in the document: every piece found in order;
    /// else the longest run of its lines found together, when it is most of the quote — a
    /// report often frames its quote ("Section 6.1 states:", "In Appendix A, the line:") or
    /// keeps a page break in it, words the document does not have.
    func find(_ quote: String) -> Int? {
        if let end = findPieces(quote) { return end }
        let lines = Self.pieces(of: quote).flatMap { $0.split(separator: "\n") }.map { line -> [UInt8] in
            var bytes: [UInt8] = []
            Self.appendSkeleton(of: String(line), to: &bytes)
            return bytes
        }.filter { !$0.isEmpty }
        let total = lines.reduce(0) { $0 + $1.count }
        guard lines.count > 1, lines.count <= 200 else { return nil }
        var best: (length: Int, end: Int)?
        for start in lines.indices {
            var run: [UInt8] = []
            var found: (length: Int, end: Int)?
            for line in lines[start...] {
                run += line
                guard let at = Self.firstIndex(of: run, in: skeleton, from: 0) else { break }
                found = (run.count, at + run.count - 1)
            }
            if let found, found.length > (best?.length ?? 0) { best = found }
            // No later run can be longer than what is left.
            if let best, best.length >= lines[start...].reduce(0, { $0 + $1.count }) { break }
        }
        guard let best, best.length >= Self.shortestRun, best.length * 2 >= total else { return nil }
        return best.end
    }

    /// The shortest run of lines placed without the rest of its quote, in skeleton bytes.
    static let shortestRun = 24

    /// The skeleton offset of the last byte of `quote`'s last piece, when every piece is found
    /// in order.
    func findPieces(_ quote: String) -> Int? {
        let pieces = Self.pieces(of: quote).map { piece -> [UInt8] in
            var bytes: [UInt8] = []
            Self.appendSkeleton(of: piece, to: &bytes)
            return bytes
        }.filter { !$0.isEmpty }
        guard pieces.reduce(0, { $0 + $1.count }) >= Self.shortestQuote else { return nil }
        var from = 0
        var end: Int?
        for piece in pieces {
            guard let start = Self.firstIndex(of: piece, in: skeleton, from: from) else { return nil }
            from = start + piece.count
            end = from - 1
        }
        return end
    }

    /// A quote cut where it elides: "...", "…", "[...]", "(...)".
    static func pieces(of quote: String) -> [String] {
        var text = quote
        for elision in ["[...]", "(...)", "[…]", "…"] { text = text.replacing(elision, with: "...") }
        return text.split(separator: "...", omittingEmptySubsequences: true).map(String.init)
    }

    private func blockIndex(containing offset: Int) -> Int {
        // The last block starting at or before the offset.
        var low = 0
        var high = blockStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if blockStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// `B.1.`, `Section 3.2`, `appendix a` → `b.1`, `3.2`, `a`.
    static func sectionKey(_ number: String) -> String {
        var text = Substring(number.lowercased())
        while text.first == " " { text.removeFirst() }
        for prefix in ["section ", "appendix ", "§"] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        while text.last == "." || text.last == " " { text.removeLast() }
        return String(text)
    }

    /// Letters and digits, lower-cased, as UTF-8; nothing else.
    static func appendSkeleton(of text: String, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
                default: break
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                for lowered in scalar.properties.lowercaseMapping.utf8 { bytes.append(lowered) }
            }
        }
    }

    /// The first place `needle` stands in `haystack` at or after `from`.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count - from else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var index = from
                let last = hay.count - pin.count
                while index <= last {
                    if hay[index] == first {
                        var matched = 1
                        while matched < pin.count && hay[index + matched] == pin[matched] { matched += 1 }
                        if matched == pin.count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }
}
