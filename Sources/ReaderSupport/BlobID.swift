import Crypto

/// The name of a blob: the lowercase hex SHA-256 of its uncompressed bytes.
public struct BlobID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let hex: String

    /// Accepts only 64 lowercase hex digits, so a damaged catalog can never name a path
    /// outside the store.
    public init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            return nil
        }
        self.hex = hex
    }

    /// The ID of `bytes`.
    public init(of bytes: [UInt8]) {
        self.init(digest: SHA256.hash(data: bytes))
    }

    /// The ID of the bytes that hashed to `digest`.
    package init(digest: SHA256.Digest) {
        var hex = ""
        hex.reserveCapacity(64)
        let digits = Array("0123456789abcdef".utf8)
        var utf8 = [UInt8]()
        utf8.reserveCapacity(64)
        for byte in digest {
            utf8.append(digits[Int(byte >> 4)])
            utf8.append(digits[Int(byte & 0x0F)])
        }
        hex = String(decoding: utf8, as: UTF8.self)
        self.hex = hex
    }

    public var description: String { hex }
    public static func < (lhs: BlobID, rhs: BlobID) -> Bool { lhs.hex < rhs.hex }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = BlobID(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a blob id: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
