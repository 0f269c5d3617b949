import NIOCore
import ReaderKit

/// The files the pages load, from this server only. Their paths carry the version, so that a
/// browser may keep them for a day and still never mixes one version's pages with another's
/// script.
enum Assets {
    struct File: Sendable {
        var bytes: ByteBuffer
        var contentType: String
    }

    static let stylesheetPath = "/assets/site-\(tag).css"
    static let scriptPath = "/assets/site-\(tag).js"

    /// The version, as a path may hold it.
    private static let tag = String(
        ReaderVersion.current.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." })

    private static let files: [String: File] = [
        "site-\(tag).css": File(bytes: ByteBuffer(string: Stylesheet.text), contentType: "text/css; charset=utf-8"),
        "site-\(tag).js": File(bytes: ByteBuffer(string: Script.text), contentType: "text/javascript; charset=utf-8"),
    ]

    static func named(_ name: String) -> File? { files[name] }
}
