/// The attributes the extractor reads; the parser keeps only these.
enum AttributeName: UInt8, Sendable {
    case `class`, id, style, hidden, ariaHidden, ariaModal, role, rel, itemprop
    case href, src, dataSrc, dataLazySrc, dataOriginal, srcset, dataSrcset, alt, width, height
    case datetime, summary, datatable, rowspan, colspan, lang, xmlLang
    case content, property, name, httpEquiv, type

    init?(html name: String) {
        guard let known = AttributeName.byName[name] else { return nil }
        self = known
    }

    /// The name in `range` of `bytes`, in any case (libxml2 lowercases names); nil for names
    /// the extractor does not read. Names are packed into two words and looked up in a small
    /// open-addressing table: this runs for every attribute of a page.
    init?(lowercasing bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard range.count <= 16 else { return nil }
        var low = UInt64(range.count) << 59
        var high: UInt64 = 0
        for offset in 0..<range.count {
            let byte = UInt64(MarkupByte.lowered(bytes[range.lowerBound + offset]))
            if offset < 7 { low |= byte << (UInt64(offset) * 8) } else { high |= byte << (UInt64(offset - 7) * 7) }
        }
        let table = AttributeName.table
        var slot = AttributeName.slot(low, high)
        while let entry = table[slot] {
            if entry.low == low, entry.high == high {
                self = entry.value
                return
            }
            slot = (slot + 1) & (table.count - 1)
        }
        return nil
    }

    private struct PackedName: Sendable {
        var low: UInt64
        var high: UInt64
        var value: AttributeName
    }

    private static func slot(_ low: UInt64, _ high: UInt64) -> Int {
        Int(truncatingIfNeeded: ((low ^ (high &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// 64 slots for 31 names.
    private static let table: [PackedName?] = {
        var table = [PackedName?](repeating: nil, count: 64)
        for (name, value) in byName {
            var low = UInt64(name.utf8.count) << 59
            var high: UInt64 = 0
            for (offset, byte) in name.utf8.enumerated() {
                if offset < 7 { low |= UInt64(byte) << (UInt64(offset) * 8) } else { high |= UInt64(byte) << (UInt64(offset - 7) * 7) }
            }
            var slot = slot(low, high)
            while table[slot] != nil { slot = (slot + 1) & 63 }
            table[slot] = PackedName(low: low, high: high, value: value)
        }
        return table
    }()

    private static let byName: [String: AttributeName] = [
        "class": .class, "id": .id, "style": .style, "hidden": .hidden, "aria-hidden": .ariaHidden,
        "aria-modal": .ariaModal, "role": .role, "rel": .rel, "itemprop": .itemprop, "href": .href, "src": .src,
        "data-src": .dataSrc, "data-lazy-src": .dataLazySrc, "data-original": .dataOriginal, "srcset": .srcset, "data-srcset": .dataSrcset,
        "alt": .alt, "width": .width, "height": .height, "datetime": .datetime, "summary": .summary,
        "datatable": .datatable, "rowspan": .rowspan, "colspan": .colspan, "lang": .lang, "xml:lang": .xmlLang,
        "content": .content, "property": .property, "name": .name, "http-equiv": .httpEquiv, "type": .type,
    ]
}

/// An attribute of a parsed element; its value is a range of ``DOM/bytes`` ("" for an
/// attribute written without a value).
struct Attribute {
    var name: AttributeName
    var start: Int32
    var count: Int32
}
