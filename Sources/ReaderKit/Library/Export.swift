import Foundation
import ReaderPluginAPI
import ReaderRendering
import ReaderSupport

/// What `reader export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    case epub, markdown, html
}

extension Reader {
    /// The stored documents of `requests`, in order, as chapters of a book; never fetches (an
    /// export is of what is kept): a key not stored is ``ReaderError/notInStore(key:)``.
    public func exportChapters(_ requests: [Request]) async throws -> [EPUBBook.Chapter] {
        var keys: [String] = []
        for request in requests {
            if case .file(let path) = request {
                throw ReaderError.usage("\(path) is a local file: export takes stored documents ('reader fetch' stores one)")
            }
            keys.append(try key(of: request))
        }
        return try await exportChapters(keys: keys)
    }

    /// The stored documents of catalog keys as chapters (the site's `/export.epub?key=`).
    public func exportChapters(keys: [String]) async throws -> [EPUBBook.Chapter] {
        var chapters: [EPUBBook.Chapter] = []
        for key in keys {
            let opened = try await openStored(key: key)
            chapters.append(EPUBBook.Chapter(document: opened.document, notices: opened.notices))
        }
        return chapters
    }

    /// The stored documents of `requests` in `format`: an EPUB 3 book's bytes, or one Markdown
    /// or HTML text of them all (not yet sanitized: a file, not a terminal, is its usual place).
    public func export(_ requests: [Request], as format: ExportFormat) async throws -> [UInt8] {
        let chapters = try await exportChapters(requests)
        switch format {
        case .epub:
            return try EPUBBook(chapters: chapters).bytes()
        case .markdown:
            var texts: [String] = []
            for chapter in chapters {
                texts.append(
                    try Renderer.render(
                        OpenedDocument(document: chapter.document, notices: chapter.notices),
                        RenderOptions(format: .markdown, styled: false)))
            }
            return Array(texts.joined(separator: "\n---\n\n").utf8)
        case .html:
            let book = EPUBBook(chapters: chapters)
            let bodies = chapters.enumerated().map { index, chapter in
                "<article>\n" + XHTMLRenderer(chapter.document, idPrefix: "d\(index + 1)-").body(notices: chapter.notices) + "\n</article>"
            }
            let page = EPUBBook.xhtml(title: book.title, body: bodies.joined(separator: "\n<hr/>\n"), language: book.language)
            // One file, readable alone: the style sheet inline rather than linked.
            return Array(
                page.replacingOccurrences(
                    of: #"<link rel="stylesheet" type="text/css" href="style.css"/>"#, with: "<style>\n\(EPUBBook.style)</style>"
                ).utf8)
        }
    }

    /// Writes an export to `path`, the user's explicit target, safely: through a new file
    /// beside it renamed into place (a reader of the old file never sees half of the new), and
    /// never through a link — a link, a folder, a FIFO or a device at `path` is refused, and a
    /// link planted at that name meanwhile is replaced by the rename, not written through. The
    /// folders above may be links (the user's own layout).
    public static func writeExport(_ bytes: [UInt8], to path: String) throws {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let parts = absolute.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = parts.last, name != ".", name != ".." else {
            throw ReaderError.usage("\(path): name a file to write the export to")
        }
        let folder = FileSystem.canonical("/" + parts.dropLast().joined(separator: "/"))
        let target = (folder == "/" ? "" : folder) + "/" + name
        switch FileSystem.entryKind(target) {
        case .none, .file?: break
        case .folder?: throw ReaderError.usage("\(path) is a folder: name a file to write the export to")
        case .other?:
            throw ReaderError.usage("\(path) is a link or a special file: export writes through none; remove it or name another file")
        }
        do {
            try FileSystem.writeAtomically(bytes, to: target)
        } catch let failure as FileSystem.Failure {
            throw failure.readerError
        }
    }
}
