/// A set of element kinds as a bit mask: membership tests in the tree walks cost no hashing.
struct ElementKindSet: ExpressibleByArrayLiteral, Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(arrayLiteral tags: ElementKind...) {
        for tag in tags { insert(tag) }
    }

    mutating func insert(_ tag: ElementKind) {
        let bit = Int(tag.rawValue)
        if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }

    func contains(_ tag: ElementKind) -> Bool {
        let bit = Int(tag.rawValue)
        return bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }
}
