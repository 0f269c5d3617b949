import Crypto
import Foundation
import ReaderPluginAPI
import ZIPFoundation

/// Documents as one EPUB 3 book (`reader export KEY… --epub FILE`, the site's OPDS
/// acquisition links): an XHTML content document per document with its sections, a
/// navigation document listing both, the package's metadata, a style sheet that keeps code and
/// figures monospace. Made in memory and returned as bytes: where they go is the caller's
/// choice (a file written safely, an HTTP answer).
public struct EPUBBook: Sendable {
    /// One document of the book, with the banner lines its view shows (an earlier version…).
    public struct Chapter: Sendable {
        public var document: Document
        public var notices: [String]

        public init(document: Document, notices: [String] = []) {
            self.document = document
            self.notices = notices
        }
    }

    /// A file the book carries besides its pages: a stored picture. Each is listed in the
    /// manifest and zipped under `OEBPS/`.
    public struct Resource: Sendable {
        public var path: String
        public var mediaType: String
        public var bytes: [UInt8]

        public init(path: String, mediaType: String, bytes: [UInt8]) {
            self.path = path
            self.mediaType = mediaType
            self.bytes = bytes
        }
    }

    public var chapters: [Chapter]
    public var resources: [Resource] = []
    /// The pictures among `resources`: a picture's blob name to its resource's path, which the
    /// pages' `<img>` point at (``XHTMLRenderer``).
    public var pictures: [String: String] = [:]
    /// `dcterms:modified`, which EPUB 3 requires: when the book was made.
    public var modified: Date

    public init(chapters: [Chapter], modified: Date = Date()) {
        self.chapters = chapters
        self.modified = modified
    }

    /// The book's title: its one document's, or the first's and how many more.
    public var title: String {
        let titles = chapters.map { $0.document.title.isEmpty ? $0.document.key : $0.document.title }
        guard let first = titles.first else { return "Nothing" }
        return titles.count == 1 ? first : "\(first) and \(titles.count - 1) more"
    }

    /// The EPUB file's bytes: `mimetype` first and stored (not deflated), as the format asks,
    /// so that a reader recognises the file by its first bytes.
    public func bytes() throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        try add("mimetype", Array("application/epub+zip".utf8), to: archive, deflated: false)
        try add("META-INF/container.xml", Array(Self.container.utf8), to: archive)
        try add("OEBPS/content.opf", Array(package.utf8), to: archive)
        try add("OEBPS/nav.xhtml", Array(navigation.utf8), to: archive)
        try add("OEBPS/style.css", Array(Self.style.utf8), to: archive)
        for (index, chapter) in chapters.enumerated() {
            try add("OEBPS/\(Self.page(index))", Array(page(chapter).utf8), to: archive)
        }
        for resource in resources { try add("OEBPS/" + resource.path, resource.bytes, to: archive) }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return [UInt8](data)
    }

    private func add(_ path: String, _ bytes: [UInt8], to archive: Archive, deflated: Bool = true) throws {
        let data = Data(bytes)
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: modified,
            compressionMethod: deflated ? .deflate : .none
        ) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    static func page(_ index: Int) -> String { "document-\(index + 1).xhtml" }

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>

        """

    public static let style = """
        body { font-family: serif; line-height: 1.4; }
        pre, code { font-family: monospace; }
        pre { white-space: pre; overflow-x: auto; font-size: 0.8em; }
        .facts, .notice, .note, .figure { font-style: italic; }
        table { border-collapse: collapse; }
        td, th { border: 1px solid #999; padding: 0.2em; }

        """

    /// The language the book says it is in: the first document's, else English.
    public var language: String {
        let declared = chapters.first?.document.metadata.language ?? ""
        let clean = declared.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "-") }
        return !declared.isEmpty && declared.count <= 35 && clean ? declared : "en"
    }

    /// A stable identifier: a name-based UUID of the documents' keys and contents, so that the
    /// same export is the same book.
    var identifier: String {
        var hash = SHA256()
        for chapter in chapters {
            hash.update(data: Array(chapter.document.key.utf8) + [0])
            hash.update(data: Array(chapter.document.title.utf8) + [0])
            hash.update(data: Array(String(chapter.document.blocks.count).utf8) + [0])
        }
        var bytes = Array(hash.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
        }
        return "urn:uuid:" + parts.joined(separator: "-")
    }

    var package: String {
        let escape = XHTMLRenderer.escape
        var creators: [String] = []
        for chapter in chapters {
            let names =
                chapter.document.metadata.authors.isEmpty
                ? [chapter.document.metadata.byline].compactMap { $0 } : chapter.document.metadata.authors
            for name in names where !name.isEmpty && !creators.contains(name) { creators.append(name) }
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(language)">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="book-id">\(identifier)</dc:identifier>
                <dc:title>\(escape(title))</dc:title>
                <dc:language>\(language)</dc:language>

            """
        for creator in creators.prefix(50) { out += "    <dc:creator>\(escape(creator))</dc:creator>\n" }
        for chapter in chapters.prefix(50) where chapter.document.key.hasPrefix("http") {
            out += "    <dc:source>\(escape(chapter.document.key))</dc:source>\n"
        }
        out += """
                <meta property="dcterms:modified">\(formatter.string(from: modified))</meta>
              </metadata>
              <manifest>
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="style" href="style.css" media-type="text/css"/>

            """
        for index in chapters.indices {
            out += "    <item id=\"document-\(index + 1)\" href=\"\(Self.page(index))\" media-type=\"application/xhtml+xml\"/>\n"
        }
        for (index, resource) in resources.enumerated() {
            out +=
                "    <item id=\"resource-\(index + 1)\" href=\"\(escape(resource.path))\" media-type=\"\(escape(resource.mediaType))\"/>\n"
        }
        out += "  </manifest>\n  <spine>\n"
        for index in chapters.indices { out += "    <itemref idref=\"document-\(index + 1)\"/>\n" }
        return out + "  </spine>\n</package>\n"
    }

    /// The navigation document: each document, and under it its sections.
    var navigation: String {
        let escape = XHTMLRenderer.escape
        var items: [String] = []
        for (index, chapter) in chapters.enumerated() {
            let renderer = XHTMLRenderer(chapter.document)
            let name = chapter.document.title.isEmpty ? chapter.document.key : chapter.document.title
            var item = "<li><a href=\"\(Self.page(index))\">\(escape(name))</a>"
            let sections = renderer.sections
            if !sections.isEmpty {
                item += "<ol>"
                for (number, section) in sections.enumerated() {
                    let title = section.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Part \(number + 1)" : section.title
                    item += "<li><a href=\"\(Self.page(index))#\(section.id)\">\(escape(title))</a></li>"
                }
                item += "</ol>"
            }
            items.append(item + "</li>")
        }
        return Self.xhtml(
            title: "Contents",
            body: "<nav epub:type=\"toc\" id=\"toc\"><h1>Contents</h1><ol>\n\(items.joined(separator: "\n"))\n</ol></nav>",
            language: language)
    }

    func page(_ chapter: Chapter) -> String {
        let title = chapter.document.title.isEmpty ? chapter.document.key : chapter.document.title
        return Self.xhtml(
            title: title, body: XHTMLRenderer(chapter.document, pictures: pictures).body(notices: chapter.notices), language: language)
    }

    public static func xhtml(title: String, body: String, language: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(language)" lang="\(language)">
        <head>
        <meta charset="utf-8"/>
        <title>\(XHTMLRenderer.escape(title))</title>
        <link rel="stylesheet" type="text/css" href="style.css"/>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }
}
