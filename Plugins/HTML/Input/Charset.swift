/// Which encoding to read a page in, decided as browsers decide it (WHATWG "encoding
/// sniffing"): a byte order mark first; then the HTTP header's charset; then a `<meta>`
/// declaration found by the prescan of the first 1024 bytes; else UTF-8. A declared legacy
/// charset gives way to UTF-8 when the bytes are UTF-8 (see `readAsUTF8Instead`). libxml2 is
/// always told explicitly, since on its own it would guess Latin-1.
enum Charset {
    static let utf8 = "UTF-8"

    static func detect(_ bytes: [UInt8], header: String?) -> String {
        if let bom = byteOrderMark(bytes) { return bom }
        guard let declared = header.flatMap(usable) ?? declaredInMeta(bytes) else { return utf8 }
        if declared != utf8, !declared.hasPrefix("UTF-16"), readAsUTF8Instead(bytes) { return utf8 }
        return declared
    }

    /// The encoding a byte order mark at the start names; it beats any declaration.
    static func byteOrderMark(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8 }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        return nil
    }

    /// Whether a page declared in a legacy charset (gb2312, shift_jis, windows-1252…) is
    /// really UTF-8: it has non-ASCII bytes and every one of them is part of a well-formed
    /// UTF-8 sequence. Text in a legacy charset practically never is — a single "é" in
    /// windows-1252 (0xE9 before a letter), a quote in 0x80–0x9F, or most pairs of GBK bytes
    /// already break UTF-8 — so a declaration that disagrees with such bytes is the mistake:
    /// read by it, they come out as mojibake.
    static func readAsUTF8Instead(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 >= 0x80 } && bytes.withUnsafeBufferPointer(ByteRepair.isValidUTF8)
    }

    /// The charset a `<meta charset>` or `<meta http-equiv="Content-Type" content="…">`
    /// declares, as the WHATWG prescan finds it in the first 1024 bytes; when those have
    /// none, a declaration further on (up to 4 KB), as a browser's parser switches to one it
    /// meets later. UTF-16 declared in ASCII bytes is not UTF-16: UTF-8 then.
    static func declaredInMeta(_ bytes: [UInt8]) -> String? {
        guard let name = MetaPrescan.encoding(bytes.prefix(1024)) ?? MetaPrescan.encoding(bytes.prefix(4096)) else {
            return nil
        }
        return name.hasPrefix("UTF-16") ? utf8 : name
    }

    /// The libxml2 name for a charset label, following the WHATWG aliases browsers use (a page
    /// labelled Latin-1 is really Windows-1252); nil for labels libxml2 cannot decode.
    static func usable(_ label: String) -> String? {
        let trimmed = label.collapsingWhitespace().lowercased().filter { $0 != "\"" && $0 != "'" }
        guard !trimmed.isEmpty, trimmed.count < 40 else { return nil }
        let name: String
        switch trimmed {
        case "utf8", "utf-8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8": name = utf8
        case "utf-16", "utf-16le", "unicode", "unicodefeff", "ucs-2", "csunicode", "iso-10646-ucs-2":
            name = "UTF-16LE"
        case "utf-16be", "unicodefffe": name = "UTF-16BE"
        // windows-1252, and the labels WHATWG reads as it (ASCII and Latin-1 among them).
        case "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
            "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252",
            "x-cp1252", "x-user-defined":
            name = "WINDOWS-1252"
        // GBK (its decoder is gb18030's).
        case "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58",
            "x-gbk", "gb18030":
            name = "GB18030"
        case "big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5": name = "BIG5-HKSCS"
        case "csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis":
            name = "SHIFT_JIS"
        case "cseucpkdfmtjapanese", "euc-jp", "x-euc-jp": name = "EUC-JP"
        case "csiso2022jp", "iso-2022-jp": name = "ISO-2022-JP"
        case "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
            "ksc5601", "ksc_5601", "windows-949":
            name = "CP949"
        case "iso-8859-9", "iso8859-9", "iso88599", "iso_8859-9", "latin5", "l5", "csisolatin5", "windows-1254",
            "cp1254", "x-cp1254":
            name = "WINDOWS-1254"
        case "tis-620", "iso-8859-11", "iso8859-11", "iso885911", "dos-874", "windows-874": name = "WINDOWS-874"
        case "koi", "koi8", "koi8-r", "koi8_r", "cskoi8r": name = "KOI8-R"
        case "koi8-u", "koi8-ru": name = "KOI8-U"
        case "latin2", "l2", "iso-8859-2", "iso8859-2", "iso88592", "iso_8859-2", "csisolatin2": name = "ISO-8859-2"
        case "cyrillic", "iso-8859-5", "iso8859-5", "iso88595", "iso_8859-5", "csisolatincyrillic": name = "ISO-8859-5"
        case "greek", "greek8", "iso-8859-7", "iso8859-7", "iso88597", "iso_8859-7", "csisolatingreek", "elot_928",
            "ecma-118", "sun_eu_greek":
            name = "ISO-8859-7"
        case "hebrew", "iso-8859-8", "iso8859-8", "iso88598", "iso_8859-8", "csisolatinhebrew", "visual",
            "iso-8859-8-i", "csiso88598i", "logical":
            name = "ISO-8859-8"
        case "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9", "latin9", "csisolatin9": name = "ISO-8859-15"
        case "mac", "macintosh", "csmacintosh", "x-mac-roman": name = "MACINTOSH"
        // Labels WHATWG maps to its "replacement" decoder: the page is unreadable; no name.
        case "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr", "replacement": return nil
        default:
            // windows-125x, iso-8859-x and the like: libxml2 (iconv) knows them by these names.
            guard trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }) else {
                return nil
            }
            name = trimmed.uppercased()
        }
        return libxmlKnowsEncoding(name) ? name : nil
    }
}
