/// What the full-text index is given for one passage: each distinct word of its body, heading
/// and document title once, folded (``WordTokens``), separated by spaces, which is all the
/// index's tokenizer (`reader_words`, `Sources/CSQLite/words_tokenizer.h`) cuts at. The index
/// keeps which passages hold a word, not where or how often (FTS5 `detail=none`: positions were
/// nine tenths of the index), so the few facts ranking needs beyond that go in as marked words:
///
/// - `\u{1}word` for each word of the heading: a section whose title has the word ranks higher;
/// - `\u{2}word` for each word the body holds ``frequentAt`` times or more: a section about it.
///
/// A marked word cannot be typed (a query's words hold letters and digits only), so it matches
/// only the marked word asked for by ``FullTextIndex/Connection/search(_:source:)``. The
/// body's number of words goes into its document's passage table (``PassageTable``).
struct PassageWords {
    static let headingMark: UInt8 = 0x01
    static let frequentMark: UInt8 = 0x02
    /// How often a word is in a body before the passage counts as being about it.
    static let frequentAt: Int32 = 3

    /// The words, as UTF-8, ready to bind.
    var text: [UInt8]
    /// How many words the body has (each time it has them), and the heading.
    var length: Int
    var headingLength: Int

    /// Makes the words of passage after passage, reusing its table.
    struct Maker {
        private let counter = WordCounter()

        /// The words of `passage` of a document titled with `title` (folded words, see
        /// ``titleWords(_:)``).
        func words(of passage: Passage, title: [[UInt8]]) -> PassageWords {
            counter.removeAll()
            var length = 0
            WordTokens.forEachFoldedWord(in: passage.body) { word in
                counter.add(word)
                length += 1
            }
            var headingLength = 0
            if let heading = passage.heading {
                WordTokens.forEachFoldedWord(in: heading) { word in
                    counter.add(word, inBody: false, inHeading: true)
                    headingLength += 1
                }
            }
            for word in title { word.withUnsafeBufferPointer { counter.add($0, inBody: false) } }
            var text: [UInt8] = []
            text.reserveCapacity(Int(counter.words.count) * 10)
            for word in counter.words { counter.append(word, to: &text) }
            for word in counter.words {
                if word.inHeading { counter.append(word, mark: PassageWords.headingMark, to: &text) }
                if word.count >= PassageWords.frequentAt { counter.append(word, mark: PassageWords.frequentMark, to: &text) }
            }
            return PassageWords(text: text, length: length, headingLength: headingLength)
        }
    }

    /// The distinct folded words of a document's title.
    static func titleWords(_ title: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        WordTokens.forEachFoldedWord(in: title) { word in
            if !words.contains(where: { $0.elementsEqual(word) }) { words.append(Array(word)) }
        }
        return words
    }

    /// A document's title words as the `titles` table is given them.
    static func titleText(_ words: [[UInt8]]) -> [UInt8] {
        var text: [UInt8] = []
        for word in words {
            text += word
            text.append(0x20)
        }
        return text
    }
}
