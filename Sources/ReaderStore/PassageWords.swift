/// What the full-text index is given for one passage: each distinct word of its body, heading
/// and document title once, folded (``WordTokens``), separated by spaces, which is all the
/// index's tokenizer (`reader_words`, `Sources/CSQLite/words_tokenizer.h`) cuts at. The index
/// keeps which passages hold a word, not where or how often (FTS5 `detail=none`: positions were
/// nine tenths of the index); what ranking needs beyond that is kept beside it, in the passage
/// table (``PassageTable``): the body's and the heading's lengths, and the hashes
/// (``WordHash``) of the heading's words and of the words the body holds ``frequentAt`` times
/// or more (a section about them), the most frequent ``frequentKept`` of them.
struct PassageWords {
    /// How often a word is in a body before the passage counts as being about it.
    static let frequentAt: Int32 = 3
    /// How many frequent words, and heading words, a passage keeps hashes of at most.
    static let frequentKept = 16
    static let headingKept = 16

    /// The words, as UTF-8, ready to bind.
    var text: [UInt8]
    /// How many words the body has (each time it has them), and the heading.
    var length: Int
    var headingLength: Int
    var headingHashes: [UInt16]
    var frequentHashes: [UInt16]

    /// Makes the words of passage after passage, reusing its table.
    struct Maker {
        private let counter = WordCounter()
        private let frequent = FrequentWords()

        /// The words of `passage` of a document titled with `title` (folded words, see
        /// ``titleWords(_:)``).
        func words(of passage: Passage, title: [[UInt8]]) -> PassageWords {
            words(of: passage, body: Array(passage.body.utf8), title: title)
        }

        /// The words of `passage` whose body is `body` (UTF-8: see ``Passage/forEachBody(in:_:)``).
        func words(of passage: Passage, body: [UInt8], title: [[UInt8]]) -> PassageWords {
            counter.removeAll()
            var length = 0
            body.withUnsafeBufferPointer { body in
                WordTokens.forEachFoldedWord(inUTF8: body) { word in
                    counter.add(word)
                    length += 1
                }
            }
            var headingLength = 0
            if let heading = passage.heading {
                WordTokens.forEachFoldedWord(in: heading) { word in
                    counter.add(word, inBody: false, inHeading: true)
                    headingLength += 1
                }
            }
            for word in title { word.withUnsafeBufferPointer { counter.add($0, inBody: false) } }
            // Each word and a space, copied in one pass: the one allocation of the index's input.
            let text = [UInt8](unsafeUninitializedCapacity: counter.byteCount + counter.words.count) { buffer, count in
                count = counter.writeText(into: buffer)
            }
            var heading: [UInt16] = []
            frequent.removeAll()
            for word in counter.words where word.inHeading || word.count >= PassageWords.frequentAt {
                if word.inHeading && heading.count < PassageWords.headingKept {
                    if heading.isEmpty { heading.reserveCapacity(PassageWords.headingKept) }
                    heading.append(counter.hash(of: word))
                }
                if word.count >= PassageWords.frequentAt { frequent.consider(count: word.count) { counter.hash(of: word) } }
            }
            let kept = frequent.hashes()
            return PassageWords(text: text, length: length, headingLength: headingLength, headingHashes: heading, frequentHashes: kept)
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
}

/// The ``PassageWords/frequentKept`` most frequent words of a passage, the first met first
/// among equals, chosen as the words are met: one list, kept in order and used again for the
/// next passage, where sorting every frequent word made three arrays a passage.
final class FrequentWords {
    private var top: [(count: Int32, hash: UInt16)] = []

    init() {
        top.reserveCapacity(PassageWords.frequentKept + 1)
    }

    func removeAll() {
        top.removeAll(keepingCapacity: true)
    }

    /// The next distinct word, met `count` times in the body: words come in the order first
    /// met, so one ties below every word kept with its count. `hash` is asked only if kept.
    func consider(count: Int32, hash: () -> UInt16) {
        var place = top.count
        while place > 0 && top[place - 1].count < count { place -= 1 }
        guard place < PassageWords.frequentKept else { return }
        top.insert((count, hash()), at: place)
        if top.count > PassageWords.frequentKept { top.removeLast() }
    }

    /// The kept words' hashes, the most frequent first.
    func hashes() -> [UInt16] {
        top.map(\.hash)
    }
}
