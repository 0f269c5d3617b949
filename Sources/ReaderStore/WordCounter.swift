/// The distinct words of one passage, with how often each is in its body and whether it is in
/// its heading, in the order first met: what ``PassageWords`` makes the index's input from.
///
/// A hash table of its own over one buffer of word bytes, emptied between passages by a new
/// generation rather than by clearing: a reindex counts tens of millions of words, and a
/// `Dictionary` of strings spends more time allocating them than reading the text. Its memory
/// is its own (one owner, never shared), so the loops run on pointers, unchecked.
final class WordCounter {
    struct Word {
        var start: Int32
        var length: Int32
        /// How many times the word is in the body (0: only in the heading or the title).
        var count: Int32
        var inHeading: Bool
    }

    private struct Slot {
        /// The word's index plus one.
        var word: Int32
        var generation: UInt32
        var hash: UInt32
    }

    // Unchecked: one owner uses a counter, on one thread; the checks cost a tenth of a reindex.
    @exclusivity(unchecked) private var bytes: UnsafeMutableBufferPointer<UInt8>
    /// The bytes of every distinct word so far.
    @exclusivity(unchecked) private(set) var byteCount = 0
    @exclusivity(unchecked) private var slots: UnsafeMutableBufferPointer<Slot>
    @exclusivity(unchecked) private var generation: UInt32 = 1
    @exclusivity(unchecked) private(set) var words: [Word] = []

    init() {
        bytes = .allocate(capacity: 1 << 16)
        slots = .allocate(capacity: 1 << 10)
        slots.initialize(repeating: Slot(word: 0, generation: 0, hash: 0))
    }

    deinit {
        bytes.deallocate()
        slots.deallocate()
    }

    /// Forgets every word.
    func removeAll() {
        byteCount = 0
        words.removeAll(keepingCapacity: true)
        generation &+= 1
        if generation == 0 {
            for index in slots.indices { slots[index].generation = 0 }
            generation = 1
        }
    }

    /// Counts `word` once more in the body, or (`inBody` false) notes it without counting it.
    func add(_ word: UnsafeBufferPointer<UInt8>, inBody: Bool = true, inHeading: Bool = false) {
        if words.count * 2 >= slots.count { grow() }
        let hash = Self.hash(word)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot].generation == generation {
            let found = Int(slots[slot].word) - 1
            if slots[slot].hash == hash && equals(words[found], word) {
                if inBody { words[found].count += 1 }
                if inHeading { words[found].inHeading = true }
                return
            }
            slot = (slot + 1) & mask
        }
        if byteCount + word.count > bytes.count {
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count * 2, byteCount + word.count))
            _ = larger.initialize(from: bytes[0..<byteCount])
            bytes.deallocate()
            bytes = larger
        }
        _ = UnsafeMutableBufferPointer(rebasing: bytes[byteCount..<(byteCount + word.count)]).initialize(from: word)
        words.append(Word(start: Int32(byteCount), length: Int32(word.count), count: inBody ? 1 : 0, inHeading: inHeading))
        byteCount += word.count
        slots[slot] = Slot(word: Int32(words.count), generation: generation, hash: hash)
    }

    /// Writes every word, each followed by a space, in the order first met, into `text`
    /// (``byteCount`` and a byte a word at least); how many bytes. Copied by pointer: appending
    /// to an array a word at a time checked its room and its owner for every word (making a
    /// passage's words was 4.9 % of a mirror's samples that way, 4.4 % this way).
    func writeText(into text: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let target = text.baseAddress, let source = UnsafePointer(bytes.baseAddress) else { return 0 }
        var count = 0
        words.withUnsafeBufferPointer { words in
            for word in words {
                let length = Int(word.length)
                guard count + length + 1 <= text.count else { return }
                (target + count).initialize(from: source + Int(word.start), count: length)
                count += length
                (target + count).initialize(to: 0x20)
                count += 1
            }
        }
        return count
    }

    /// The ``WordHash`` of `word`.
    func hash(of word: Word) -> UInt16 {
        WordHash.of(UnsafeBufferPointer(rebasing: bytes[Int(word.start)..<Int(word.start + word.length)]))
    }

    /// Compared here rather than by `memcmp`: words are a few bytes, shorter than its call.
    @inline(__always) private func equals(_ word: Word, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(word.length) == other.count else { return false }
        var index = Int(word.start)
        for byte in other {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    private func grow() {
        let larger = UnsafeMutableBufferPointer<Slot>.allocate(capacity: slots.count * 2)
        larger.initialize(repeating: Slot(word: 0, generation: 0, hash: 0))
        let mask = larger.count - 1
        for slot in slots where slot.generation == generation {
            var index = Int(slot.hash) & mask
            while larger[index].generation == generation { index = (index + 1) & mask }
            larger[index] = slot
        }
        slots.deallocate()
        slots = larger
    }

    /// FNV-1a: words are short, and this is fast on a few bytes.
    @inline(__always) private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in word { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}
