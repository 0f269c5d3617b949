import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// `reader export` through the built binary: a book of a real RFC and a real web page checked
/// by epubcheck (0 errors), its zip laid out as EPUB asks, its navigation listing the sections;
/// Markdown and HTML to standard output and to a file; and the bad input — a key not stored, a
/// link planted at the target, a folder there — refused in one line with nothing written.
@Suite struct ExportEndToEndTests {
    let store: String
    let folder: String

    init() throws {
        store = try temporaryFolder("e2e-export")
        folder = try temporaryFolder("e2e-export-out")
    }

    /// RFC 793 from a loopback RFC Editor and a Wikipedia article from a loopback site.
    func stored() async throws -> (ReaderBinary, page: String) {
        let page = try Corpus.bytes("html/wikipedia-3/source.html")
        let rfc = try Corpus.bytes("rfc/rfc793.txt")
        let server = try await LoopbackServer { request in
            request.uri.hasSuffix(".txt") ? .ok(rfc) : .ok(page, contentType: "text/html; charset=utf-8")
        }
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_RFC_EDITOR_URL": server.baseURL])
        let url = server.baseURL + "/wiki/article"
        let fetch = try await reader.run(["fetch", "rfc", "793", url])
        await server.stop()
        try #require(fetch.status == 0, "\(fetch)")
        return (reader, url)
    }

    @Test func aBookOfAnRFCAndAPagePassesEpubcheck() async throws {
        let (reader, page) = try await stored()
        let book = folder + "/two.epub"
        let export = try await reader.run(["export", "793", page, "--epub", book])
        #expect(export.status == 0, "\(export)")
        #expect(export.stdout.hasPrefix("wrote \(book): 2 documents, "), "\(export)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: book)))
        // The first entry is `mimetype`, stored (method 0), so the file says what it is at byte 30.
        #expect(bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        #expect(bytes[8] == 0 && bytes[9] == 0)
        #expect(String(decoding: bytes[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip")
        try Epubcheck.validate(book)

        let navigation = try Zipped.member("OEBPS/nav.xhtml", of: book)
        #expect(navigation.contains(#"<nav epub:type="toc" id="toc">"#))
        #expect(navigation.contains(">Transmission Control Protocol</a>"))
        #expect(navigation.contains(">3.2 Terminology</a>"), "\(navigation.prefix(2000))")
        let chapter = try Zipped.member("OEBPS/document-1.xhtml", of: book)
        // RFC 793's figures stay monospace, as written.
        let header = try #require(chapter.range(of: "|          Source Port          |       Destination Port        |"))
        let before = chapter[..<header.lowerBound]
        #expect(before.range(of: "<pre>", options: .backwards).map { !before[$0.upperBound...].contains("</pre>") } == true)
        let package = try Zipped.member("OEBPS/content.opf", of: book)
        #expect(package.contains("<dc:title>Transmission Control Protocol and 1 more</dc:title>"))
        #expect(package.contains(#"<meta property="dcterms:modified">"#))
    }

    @Test func markdownAndHTMLToStandardOutputOrAFile() async throws {
        let (reader, _) = try await stored()
        let markdown = try await reader.run(["export", "793", "--format", "markdown"])
        #expect(markdown.status == 0, "\(markdown)")
        #expect(markdown.stdout.hasPrefix("# Transmission Control Protocol\n"), "\(markdown.stdout.prefix(300))")
        let file = folder + "/793.html"
        let html = try await reader.run(["export", "rfc/793", "--format", "html", "--output", file])
        #expect(html.status == 0 && html.stdout.isEmpty, "\(html)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains("<style>") && written.contains(#"id="d1-section-3.2-"#))
        #expect(written.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>"))
    }

    @Test func badTargetsAreRefusedInOneLineWithNothingWritten() async throws {
        let (reader, _) = try await stored()
        let victim = folder + "/victim.txt"
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        let link = folder + "/planted.epub"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let cases: [([String], Int32, String)] = [
            (["export", "9999", "--epub", folder + "/absent.epub"], 3, "is not in the store"),
            (["export", "793", "--epub", link], 64, "is a link or a special file"),
            (["export", "793", "--epub", folder], 64, "is a folder"),
            (["export", "793"], 64, "--epub FILE, or --format markdown|html"),
            (["export", "793", "--epub", folder + "/x.epub", "--format", "html"], 64, "give one of them"),
            (["export", "793", "--epub", folder + "/no-such-folder/x.epub"], 73, "no-such-folder"),
        ]
        for (arguments, status, words) in cases {
            let run = try await reader.run(arguments)
            #expect(run.status == status, "\(arguments): \(run)")
            #expect(run.stderr.hasPrefix("reader: ") && run.stderr.contains(words), "\(arguments): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run)")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == victim)
        #expect(!FileManager.default.fileExists(atPath: folder + "/absent.epub"))
        // A file already there is replaced whole.
        let book = folder + "/again.epub"
        try "old".write(toFile: book, atomically: true, encoding: .utf8)
        #expect(try await reader.run(["export", "793", "--epub", book]).status == 0)
        try Epubcheck.validate(book)
    }
}

/// epubcheck, Debian's package (CI installs it): 0 errors, or a printed SKIPPED line where it
/// is absent.
enum Epubcheck {
    static let jar = "/usr/share/java/epubcheck.jar"

    static func validate(_ book: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard FileManager.default.fileExists(atPath: jar),
            let java = ["/usr/bin/java", "/usr/local/bin/java"].first(where: FileManager.default.isExecutableFile)
        else {
            print("SKIPPED: epubcheck is not installed (apt-get install epubcheck); \(book) was not validated")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: java)
        process.arguments = ["-jar", jar, book]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains("0 fatals / 0 errors"), "\(text)", sourceLocation: sourceLocation)
    }
}

/// One member of a zip file, read by Python's zipfile (on every machine the tests run on).
enum Zipped {
    static func member(_ name: String, of file: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())", file, name,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
