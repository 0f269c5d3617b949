/// A folded word in sixteen bits, for the few words of a passage that ranking asks about (its
/// heading's, its frequent ones, its document's title's), kept beside the index
/// (``PassageTable``) rather than in it: telling whether a ranked passage has one is then a
/// comparison, not a query. Two words share a hash once in 65,536 pairs: at worst a passage
/// ranks a little higher than it should, and no search finds anything it should not.
enum WordHash {
    /// FNV-1a, folded to sixteen bits. Changing it changes ``FullTextIndex/layoutVersion``.
    static func of(_ word: some Sequence<UInt8>) -> UInt16 {
        var hash: UInt32 = 2_166_136_261
        for byte in word { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return UInt16(truncatingIfNeeded: hash ^ (hash >> 16))
    }
}
