import Foundation

/// The real files under `Tests/Corpus/`, copied from `../shared/corpus` with their sources.
public enum Corpus {
    /// `Tests/Corpus/`.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ReaderTestSupport
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Corpus", isDirectory: true)

    /// The URL of a corpus file, such as `rfc/rfc793.txt`.
    public static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The bytes of a corpus file.
    public static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(path)))
    }

    /// The text of a corpus file, decoded as UTF-8.
    public static func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }
}
