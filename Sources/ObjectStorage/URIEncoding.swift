/// Percent-encoding as Signature V4 defines it: every byte but the unreserved characters of
/// RFC 3986 (`A-Z a-z 0-9 - . _ ~`) becomes `%XX` with upper-case hex. The URL a request is
/// sent to is encoded by the same rule as the canonical request it is signed with, or the
/// server computes another signature.
enum URIEncoding {
    /// One query name or value, or one path segment.
    static func encode(_ text: String) -> String {
        encode(text, keeping: nil)
    }

    /// A path: each segment encoded, the slashes between them kept. S3 paths are not
    /// normalized (`a//b` and `./` are object names), so neither is this.
    static func encodePath(_ path: String) -> String {
        encode(path, keeping: UInt8(ascii: "/"))
    }

    private static func encode(_ text: String, keeping kept: UInt8?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || byte == kept {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
