import Foundation
import ReaderPluginAPI
import ReaderRendering
import ReaderSupport

/// A stored picture an export points at: written at `path`, relative to the export's file.
public struct ExportedPicture: Sendable {
    public var blob: String
    public var path: String
    public var format: PictureFormat
    public var bytes: [UInt8]
}

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
        try await export(requests, as: format, picturesFolder: nil).bytes
    }

    /// ``export(_:as:)``, and for Markdown and HTML the stored pictures the text points at,
    /// to be written under `picturesFolder` (a path relative to the text's file, its last
    /// part a folder of their own); without one, a picture points at its address. A book
    /// carries its pictures inside.
    public func export(
        _ requests: [Request], as format: ExportFormat, picturesFolder: String?
    ) async throws -> (bytes: [UInt8], pictures: [ExportedPicture]) {
        let chapters = try await exportChapters(requests)
        switch format {
        case .epub:
            return (try book(chapters).bytes(), [])
        case .markdown:
            let pictures = picturesFolder.map { storedPictures(of: chapters, folder: $0, formats: PictureFormat.allCases) } ?? []
            let paths = Dictionary(pictures.map { ($0.blob, $0.path) }, uniquingKeysWith: { first, _ in first })
            var texts: [String] = []
            for chapter in chapters {
                var options = RenderOptions(format: .markdown, styled: false)
                options.picturePaths = paths
                texts.append(try Renderer.render(OpenedDocument(document: chapter.document, notices: chapter.notices), options))
            }
            return (Array(texts.joined(separator: "\n---\n\n").utf8), pictures)
        case .html:
            let pictures = picturesFolder.map { storedPictures(of: chapters, folder: $0, formats: PictureFormat.allCases) } ?? []
            let paths = Dictionary(pictures.map { ($0.blob, $0.path) }, uniquingKeysWith: { first, _ in first })
            let book = EPUBBook(chapters: chapters)
            let bodies = chapters.enumerated().map { index, chapter in
                "<article>\n"
                    + XHTMLRenderer(chapter.document, idPrefix: "d\(index + 1)-", pictures: paths).body(notices: chapter.notices)
                    + "\n</article>"
            }
            let page = EPUBBook.xhtml(title: book.title, body: bodies.joined(separator: "\n<hr/>\n"), language: book.language)
            // One file, readable alone: the style sheet inline rather than linked.
            return (
                Array(
                    page.replacingOccurrences(
                        of: #"<link rel="stylesheet" type="text/css" href="style.css"/>"#, with: "<style>\n\(EPUBBook.style)</style>"
                    ).utf8), pictures
            )
        }
    }

    /// The book of `chapters`, carrying the stored pictures they name that an EPUB reader must
    /// show (PNG, JPEG, GIF, SVG: EPUB's core picture types); the others stay described.
    public func book(_ chapters: [EPUBBook.Chapter]) -> EPUBBook {
        var book = EPUBBook(chapters: chapters)
        for picture in storedPictures(of: chapters, folder: "pictures", formats: [.png, .jpeg, .gif, .svg]) {
            book.resources.append(EPUBBook.Resource(path: picture.path, mediaType: picture.format.mediaType, bytes: picture.bytes))
            book.pictures[picture.blob] = picture.path
        }
        return book
    }

    /// The stored pictures `chapters` name, each once, in order, of `formats`: a picture
    /// whose blob is missing or is no picture is left out (it stays described).
    func storedPictures(of chapters: [EPUBBook.Chapter], folder: String, formats: [PictureFormat]) -> [ExportedPicture] {
        var names: [String] = []
        var seen: Set<String> = []
        for chapter in chapters {
            PictureKeeping.visitStoredPictures(chapter.document.blocks) { if seen.insert($0).inserted { names.append($0) } }
        }
        return names.compactMap { name in
            guard let found = try? storedPicture(name), formats.contains(found.format) else { return nil }
            return ExportedPicture(
                blob: name, path: folder + "/" + name + "." + found.format.fileExtension, format: found.format, bytes: found.bytes)
        }
    }

    /// The folder of pictures beside the export file `path`, relative to it: `notes.md` has
    /// `notes.pictures`.
    public static func picturesFolder(beside path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "export"
        let stem = name.contains(".") ? String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]) : name
        return (stem.isEmpty ? name : stem) + ".pictures"
    }

    /// Writes the pictures of an export beside its file `path`, each as ``writeExport(_:to:)``
    /// writes a file; their folder (``picturesFolder(beside:)``) is made when absent, and a
    /// link or anything but a folder at its name is refused.
    public static func writeExportPictures(_ pictures: [ExportedPicture], beside path: String) throws {
        guard !pictures.isEmpty else { return }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let folder = FileSystem.canonical(String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.startIndex)]))
        let pictureFolder = (folder == "/" ? "" : folder) + "/" + picturesFolder(beside: path)
        switch FileSystem.entryKind(pictureFolder) {
        case .folder?: break
        case .none:
            do {
                try FileSystem.makeFolders(pictureFolder)
            } catch let failure as FileSystem.Failure {
                throw failure.readerError
            }
        case .file?, .other?:
            throw ReaderError.usage("\(pictureFolder) is not a folder: export writes its pictures there; remove it or name another file")
        }
        for picture in pictures {
            try writeExport(picture.bytes, to: (folder == "/" ? "" : folder) + "/" + picture.path)
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
