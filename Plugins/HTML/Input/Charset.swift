/// Which encoding to read a page in: the HTTP header's charset, else a byte order mark, else
/// a `<meta>` declaration near the top, else UTF-8. libxml2 is always told explicitly, since
/// on its own it would guess Latin-1.
enum Charset {
    static let utf8 = "UTF-8"

    static func detect(_ bytes: [UInt8], header: String?) -> String {
        if let header, let name = usable(header) { return name }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8 }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if let declared = declaredInMeta(bytes.prefix(4096)), let name = usable(declared) {
            // A page that says UTF-16 in ASCII bytes is not UTF-16.
            return name.hasPrefix("UTF-16") ? utf8 : name
        }
        return utf8
    }

    /// The libxml2 name for a charset label, following the WHATWG aliases browsers use (a page
    /// labelled Latin-1 is really Windows-1252); nil for labels libxml2 cannot decode.
    static func usable(_ label: String) -> String? {
        let trimmed = label.collapsingWhitespace().lowercased().filter { $0 != "\"" && $0 != "'" }
        guard !trimmed.isEmpty, trimmed.count < 40 else { return nil }
        let name: String
        switch trimmed {
        case "utf8", "utf-8", "unicode-1-1-utf-8", "x-unicode20utf8": name = utf8
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "ascii", "us-ascii", "iso_8859-1", "cp1252",
            "windows-1252", "x-cp1252", "cp819", "ibm819":
            name = "WINDOWS-1252"
        case "gb2312", "gbk", "x-gbk", "chinese", "csgb2312", "gb_2312-80": name = "GB18030"
        case "shift-jis", "shift_jis", "sjis", "x-sjis", "ms_kanji", "windows-31j": name = "SHIFT_JIS"
        case "iso-8859-9", "latin5": name = "WINDOWS-1254"
        case "tis-620", "iso-8859-11": name = "WINDOWS-874"
        default: name = trimmed.uppercased()
        }
        return libxmlKnowsEncoding(name) ? name : nil
    }

    /// The charset a `<meta charset>` or `<meta http-equiv="Content-Type">` declares.
    static func declaredInMeta(_ bytes: ArraySlice<UInt8>) -> String? {
        let lower = bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        let meta = Array("<meta".utf8)
        let charset = Array("charset".utf8)
        var index = 0
        while let start = find(meta, in: lower, from: index) {
            let end = lower[start...].firstIndex(of: UInt8(ascii: ">")) ?? lower.count
            if let found = find(charset, in: lower, from: start), found < end {
                var cursor = found + charset.count
                while cursor < end, lower[cursor] == 0x20 { cursor += 1 }
                if cursor < end, lower[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    while cursor < end, [0x20, 0x22, 0x27].contains(lower[cursor]) { cursor += 1 }
                    var valueEnd = cursor
                    while valueEnd < end, ![0x20, 0x22, 0x27, 0x3B, 0x2F, 0x3E].contains(lower[valueEnd]) {
                        valueEnd += 1
                    }
                    if valueEnd > cursor { return String(decoding: lower[cursor..<valueEnd], as: UTF8.self) }
                }
            }
            index = start + meta.count
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
