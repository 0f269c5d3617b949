/// A small open-addressing table from libxml2's interned name pointers to what they mean:
/// one multiply per lookup instead of a `Dictionary`'s SipHash. When full it stops caching.
struct PointerCache<Value> {
    private var keys: [UnsafeRawPointer?]
    private var values: [Value]
    private var count = 0
    private let mask: Int

    init(filler: Value, capacity: Int = 1024) {
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: filler, count: capacity)
        mask = capacity - 1
    }

    /// The cached value for `key`, or `make()`'s, remembered while there is room.
    mutating func value(for key: UnsafeRawPointer, make: () -> Value) -> Value {
        var slot = Int(truncatingIfNeeded: (UInt(bitPattern: key) >> 3) &* 0x9E37_79B9_7F4A_7C15 >> 40) & mask
        while let stored = keys[slot] {
            if stored == key { return values[slot] }
            slot = (slot + 1) & mask
        }
        let made = make()
        if count * 2 < keys.count {
            keys[slot] = key
            values[slot] = made
            count += 1
        }
        return made
    }
}
