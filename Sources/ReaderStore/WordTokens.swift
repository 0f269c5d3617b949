import Foundation

/// Words as `reader find` knows them: runs of letters, digits, combining marks and
/// private-use characters, compared without case or diacritics. The one definition of a word
/// for the full-text index (which is given the words already cut and folded: see
/// ``PassageWords``), a query's words (``FullTextQuery``), a phrase checked against a passage's
/// text, and the words a snippet marks.
package enum WordTokens {
    struct Token {
        /// Where the word is, in Unicode scalars from the start of the text.
        var start: Int
        var end: Int
        /// The word without case or diacritics (`Ünïcode` → `unicode`); empty when the caller
        /// asked for none (see `folding`).
        var folded: String
    }

    /// A folded word keeps at most this many bytes (cut between scalars): longer runs are
    /// hex dumps and encoded data, and the index's tokens stay small.
    static let longestWord = 128

    /// The words of `text`. `folding` says which words to fold, by length in scalars (a
    /// snippet compares only words as long as a query's): folding every word of a long
    /// passage would cost more than finding them.
    static func tokens(of text: String, folding: (Int) -> Bool = { _ in true }) -> [Token] {
        tokens(of: Array(text.unicodeScalars), folding: folding)
    }

    /// The words of a text given as its scalars (a snippet has them already).
    static func tokens(of scalars: [Unicode.Scalar], folding: (Int) -> Bool = { _ in true }) -> [Token] {
        var tokens: [Token] = []
        scalars.withUnsafeBufferPointer { scalars in
            var offset = 0
            while offset < scalars.count {
                // A word: from a word character to the next scalar that is not one.
                guard isWordCharacter(scalars[offset]) else {
                    offset += 1
                    continue
                }
                let start = offset
                var ascii = true
                while offset < scalars.count, isWordCharacter(scalars[offset]) {
                    if !scalars[offset].isASCII { ascii = false }
                    offset += 1
                }
                var folded = ""
                if !ascii || folding(offset - start) {
                    var word: [UInt8] = []
                    word.reserveCapacity((offset - start) * 2)
                    for scalar in scalars[start..<offset] { word.append(contentsOf: scalar.utf8) }
                    folded = fold(String(decoding: word, as: UTF8.self), ascii: ascii)
                }
                tokens.append(Token(start: start, end: offset, folded: folded))
            }
        }
        return tokens
    }

    /// Hands each word of `text`, folded, to `body` as UTF-8 bytes: what the index is given,
    /// cut as ``tokens(of:folding:)`` cuts, without making a string of every word (a reindex
    /// reads hundreds of megabytes of text).
    static func forEachFoldedWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { forEachFoldedWord(inUTF8: $0, body) }
    }

    /// ``forEachFoldedWord(in:_:)`` of text given as valid UTF-8 (a string's bytes, or strings'
    /// joined). Two tight loops, over the bytes between words and over a word's, each asking
    /// one table what an ASCII byte is; a scalar beyond ASCII is decoded and asked of Unicode.
    static func forEachFoldedWord(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        // On the stack: a passage's words are cut without an allocation of their own.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestWord) { scratch in
            asciiClasses.withUnsafeBufferPointer { classes in
                let count = bytes.count
                var index = 0
                while index < count {
                    // Between words: to the first byte of the next one.
                    var kind = classes[Int(bytes[index])]
                    if kind == ByteClass.between {
                        index += 1
                        continue
                    }
                    if kind == ByteClass.beyondASCII {
                        let (scalar, length) = decode(bytes, at: index)
                        if !isWordCharacter(scalar) {
                            index += length
                            continue
                        }
                    }
                    // A word: to the first byte, or scalar, that is not one of a word.
                    let start = index
                    var ascii = true
                    while index < count {
                        kind = classes[Int(bytes[index])]
                        if kind == ByteClass.word {
                            index += 1
                        } else if kind == ByteClass.between {
                            break
                        } else {
                            let (scalar, length) = decode(bytes, at: index)
                            guard isWordCharacter(scalar) else { break }
                            ascii = false
                            index += length
                        }
                    }
                    if ascii {
                        let length = min(index - start, longestWord)
                        for offset in 0..<length {
                            let byte = bytes[start + offset]
                            scratch[offset] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                        }
                        body(UnsafeBufferPointer(rebasing: scratch[0..<length]))
                    } else {
                        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                        var folded = fold(word, ascii: false)
                        folded.withUTF8 { body($0) }
                    }
                }
            }
        }
    }

    /// What a byte of UTF-8 is to ``forEachFoldedWord(inUTF8:_:)``.
    private enum ByteClass {
        /// ASCII that is not a word's: a space, punctuation, a control character.
        static let between: UInt8 = 0
        /// An ASCII letter or digit.
        static let word: UInt8 = 1
        /// A byte of a scalar beyond ASCII, which Unicode says is a word's or not.
        static let beyondASCII: UInt8 = 2
    }

    private static let asciiClasses: [UInt8] = (0..<256).map { byte in
        byte >= 0x80 ? ByteClass.beyondASCII : asciiWordByte(UInt8(byte)) ? ByteClass.word : ByteClass.between
    }

    @inline(__always) static func asciiWordByte(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26
    }

    /// The scalar that starts at `index` of valid UTF-8 (a Swift string's), and its length.
    @inline(__always) package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    @inline(__always) static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return asciiWordByte(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse,
            // Combining marks stay with their letter: a snippet never ends between the two.
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// A word without case or diacritics, at most ``longestWord`` bytes (cut between scalars),
    /// and never with a space or a control character in it (the index's tokenizer cuts there).
    static func fold(_ word: String, ascii: Bool) -> String {
        let folded =
            ascii ? word.lowercased() : word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        if ascii && folded.utf8.count <= longestWord { return folded }
        var kept = String.UnicodeScalarView()
        var length = 0
        for scalar in folded.unicodeScalars where scalar.value > 0x20 {
            length += UTF8.width(scalar)
            if length > longestWord { break }
            kept.append(scalar)
        }
        return String(kept)
    }
}
