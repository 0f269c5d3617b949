/// A text's words as a query meets them: where each is, in UTF-8 bytes of the text, and which
/// of the query's words it is, cut and folded as ``WordTokens`` cuts and folds. A snippet and a
/// phrase checked against a passage need no more than this, and a passage may be a whole RFC
/// without headings: the text is read as bytes, and only a word as long as one of the query's
/// (or longer, for a prefix) is compared with it.
package struct TextWords {
    /// The query's distinct words, folded, and whether each is a prefix (`word*`).
    package struct Query {
        var words: [[UInt8]]
        var prefix: [Bool]
        /// The words (by index, the first 64) a folded word of n bytes may match: those of n
        /// bytes, and the prefixes of n bytes or fewer. Most words of a text are of no length a
        /// query's is, and are passed over at once.
        private(set) var byLength: [[Int]] = []

        package init(_ terms: [FullTextQuery.Term]) {
            words = []
            prefix = []
            for term in terms {
                for (index, token) in term.tokens.enumerated() {
                    let isPrefix = term.prefix && index == term.tokens.count - 1
                    let bytes = Array(token.utf8)
                    guard !zip(words, prefix).contains(where: { $0.0 == bytes && $0.1 == isPrefix }) else { continue }
                    words.append(bytes)
                    prefix.append(isPrefix)
                }
            }
            byLength = Array(repeating: [], count: WordTokens.longestWord + 1)
            for (index, word) in words.enumerated().prefix(64) where word.count <= WordTokens.longestWord {
                if prefix[index] {
                    for length in word.count...WordTokens.longestWord { byLength[length].append(index) }
                } else {
                    byLength[word.count].append(index)
                }
            }
        }

        /// The index of `token` (a prefix when `isPrefix`) among the words.
        func index(of token: String, prefix isPrefix: Bool) -> Int? {
            let bytes = Array(token.utf8)
            return words.indices.first { words[$0] == bytes && prefix[$0] == isPrefix }
        }
    }

    /// Where each word starts and ends, in bytes.
    package var starts: [Int] = []
    package var ends: [Int] = []
    /// For each word, the bits of the query's words it matches (bit i: word i, for the first 64).
    var matched: [UInt64] = []

    package var count: Int { starts.count }

    package init(_ text: String, _ query: Query) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let (start, end, ascii) = Self.nextWord(in: bytes, from: index)
                guard start < end else { break }
                starts.append(start)
                ends.append(end)
                matched.append(Self.match(UnsafeBufferPointer(rebasing: bytes[start..<end]), ascii: ascii, query))
                index = end
            }
        }
    }

    /// The next word at or after `index`: its bytes and whether they are all ASCII;
    /// `start == end` when there is none.
    private static func nextWord(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> (Int, Int, Bool) {
        var index = index
        // Past what is not a word: ASCII at a byte a time, anything else a scalar a time.
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if WordTokens.asciiWordByte(byte) { break }
                index += 1
            } else {
                let (scalar, width) = WordTokens.decode(bytes, at: index)
                if WordTokens.isWordCharacter(scalar) { break }
                index += width
            }
        }
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard WordTokens.asciiWordByte(byte) else { break }
                index += 1
            } else {
                let (scalar, width) = WordTokens.decode(bytes, at: index)
                guard WordTokens.isWordCharacter(scalar) else { break }
                ascii = false
                index += width
            }
        }
        return (start, index, ascii)
    }

    /// The bits of the query's words `word` matches.
    private static func match(_ word: UnsafeBufferPointer<UInt8>, ascii: Bool, _ query: Query) -> UInt64 {
        var bits: UInt64 = 0
        if ascii {
            let length = min(word.count, WordTokens.longestWord)
            for index in query.byLength[length] {
                let other = query.words[index]
                var same = true
                for offset in 0..<other.count {
                    let byte = word[offset]
                    if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != other[offset] {
                        same = false
                        break
                    }
                }
                if same { bits |= 1 << UInt64(index) }
            }
            return bits
        }
        let folded = Array(WordTokens.fold(String(decoding: word, as: UTF8.self), ascii: false).utf8)
        for (index, (other, isPrefix)) in zip(query.words, query.prefix).enumerated() where index < 64 {
            if isPrefix ? folded.starts(with: other) : folded == other { bits |= 1 << UInt64(index) }
        }
        return bits
    }

    /// Which words `terms` match: a word the term's is (or begins with, for a prefix), or every
    /// word of a phrase in order.
    package func matches(of terms: [FullTextQuery.Term], _ query: Query) -> [Bool] {
        var found = [Bool](repeating: false, count: count)
        for term in terms {
            let bits = term.tokens.enumerated().map { index, token -> UInt64 in
                guard let word = query.index(of: token, prefix: term.prefix && index == term.tokens.count - 1), word < 64 else { return 0 }
                return 1 << UInt64(word)
            }
            guard !bits.isEmpty, !bits.contains(0), count >= bits.count else { continue }
            for start in 0...(count - bits.count) where matched[start] & bits[0] != 0 {
                var all = true
                for step in 1..<bits.count where matched[start + step] & bits[step] == 0 {
                    all = false
                    break
                }
                if all { for step in 0..<bits.count { found[start + step] = true } }
            }
        }
        return found
    }
}
