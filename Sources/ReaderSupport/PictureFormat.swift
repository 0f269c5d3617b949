/// What a picture is, known by its bytes — never by what a server's `Content-Type` says — and
/// what it would cost to draw. The store keeps only these six kinds of picture, and the site
/// serves a stored blob only as one of them (`/picture/HASH`), so a page saved as a "picture"
/// is never served as a page.
public enum PictureFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp, avif, svg

    /// The media type it is served and packed (EPUB) as.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .svg: "image/svg+xml"
        }
    }

    /// The file name extension of a picture written beside an export.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// The format `bytes` begin as; nil for anything else (HTML, text, an unknown format).
    public static func of(_ bytes: [UInt8]) -> PictureFormat? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4), starts(Array("avif".utf8), at: 8) || starts(Array("avis".utf8), at: 8) {
            return .avif
        }
        if isSVG(bytes) { return .svg }
        return nil
    }

    /// An SVG document: after white space, a byte order mark, an XML declaration, comments
    /// and a doctype, its first element is `<svg`.
    private static func isSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).lowercased()
        var rest = Substring(head)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!--") || rest.hasPrefix("<!doctype") {
                let close = rest.hasPrefix("<!--") ? "-->" : ">"
                guard let end = rest.range(of: close) else { return false }
                rest = rest[end.upperBound...]
                continue
            }
            return rest.hasPrefix("<svg")
        }
    }

    /// The width and height the picture declares, when its header says (PNG, GIF, JPEG,
    /// WebP, AVIF); nil for SVG, which is drawn at any size, or a header not found.
    public static func pixelSize(_ bytes: [UInt8], as format: PictureFormat) -> (width: Int, height: Int)? {
        func big(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
        }
        func little(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        switch format {
        case .png:
            guard let width = big(16, 4), let height = big(20, 4) else { return nil }
            return (width, height)
        case .gif:
            guard let width = little(6, 2), let height = little(8, 2) else { return nil }
            return (width, height)
        case .jpeg:
            // Markers from the start; the first frame header (SOFn) has the size.
            var at = 2
            while at + 9 < bytes.count {
                guard bytes[at] == 0xFF else { return nil }
                let marker = bytes[at + 1]
                if marker == 0xFF {
                    at += 1
                    continue
                }
                guard let length = big(at + 2, 2), length >= 2 else { return nil }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard let height = big(at + 5, 2), let width = big(at + 7, 2) else { return nil }
                    return (width, height)
                }
                at += 2 + length
            }
            return nil
        case .webp:
            let chunk = String(decoding: bytes.dropFirst(12).prefix(4), as: UTF8.self)
            switch chunk {
            case "VP8X":
                guard let width = little(24, 3), let height = little(27, 3) else { return nil }
                return (width + 1, height + 1)
            case "VP8 ":
                guard let width = little(26, 2), let height = little(28, 2) else { return nil }
                return (width & 0x3FFF, height & 0x3FFF)
            case "VP8L":
                guard let bits = little(21, 4) else { return nil }
                return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            default:
                return nil
            }
        case .avif:
            // The image spatial extents property: 'ispe', version and flags, width, height.
            let marker = Array("ispe".utf8)
            let limit = min(bytes.count, 1 << 16) - 12
            guard limit > 0 else { return nil }
            for at in 0..<limit where bytes[at] == marker[0] && Array(bytes[at..<at + 4]) == marker {
                guard let width = big(at + 8, 4), let height = big(at + 12, 4) else { return nil }
                return (width, height)
            }
            return nil
        case .svg:
            return nil
        }
    }

    /// Why an SVG may not be kept: a script, an event handler, a foreign object, an entity
    /// declaration or a reference to anything outside itself. Nil: none. (The site serves an
    /// SVG only as a picture, which a browser draws without running scripts or loading
    /// anything, and under a policy that forbids both; this refuses them before.)
    public static func svgRefusal(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        if text.contains("<script") || text.contains("javascript:") { return "an SVG with a script" }
        if text.contains("<foreignobject") { return "an SVG with a foreign object (HTML inside)" }
        if text.contains("<!entity") { return "an SVG that declares entities" }
        if hasEventHandler(text) { return "an SVG with an event handler" }
        for external in ["href=\"http", "href='http", "href=\"//", "href='//", "url(http", "url(//", "url('http", "url(\"http", "@import"]
        where text.contains(external) {
            return "an SVG with external references"
        }
        return nil
    }

    /// ` onload=`, `\tonclick =`: an attribute whose name starts `on`.
    private static func hasEventHandler(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var at = 1
        while at + 3 < bytes.count {
            if bytes[at] == UInt8(ascii: "o"), bytes[at + 1] == UInt8(ascii: "n"),
                [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/")].contains(bytes[at - 1])
            {
                var end = at + 2
                while end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) { end += 1 }
                while end < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { end += 1 }
                if end > at + 2, end < bytes.count, bytes[end] == UInt8(ascii: "=") { return true }
            }
            at += 1
        }
        return false
    }
}
