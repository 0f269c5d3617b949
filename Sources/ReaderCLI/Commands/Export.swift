import ArgumentParser
import ReaderKit

/// `reader export KEY… --epub FILE | --format markdown|html [--output FILE]`.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write stored documents as an EPUB 3 book, or as one Markdown or HTML text.",
        discussion: """
            --epub FILE writes a book: a chapter per document with its sections, a table of contents, \
            code and figures monospace. --format markdown|html writes to --output FILE, else to standard \
            output, with the stored pictures beside FILE (FILE's name less its extension, then .pictures/). \
            Only stored documents are exported (never fetched); FILE is replaced whole, and never \
            written through a link.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Stored documents: keys, shorthands or URLs, as 'reader open' takes them.")
    var targets: [String]

    @Option(name: .long, help: "Write an EPUB 3 book to this file.")
    var epub: String?

    @Option(name: .long, help: "markdown or html (with no --epub).")
    var format: TextFormat?

    @Option(name: [.short, .long], help: "Write the Markdown or HTML to this file rather than standard output.")
    var output: String?

    enum TextFormat: String, ExpressibleByArgument, CaseIterable {
        case markdown, html
    }

    func validate() throws {
        if targets.isEmpty { throw ValidationError("name the stored documents to export") }
        switch (epub, format) {
        case (nil, nil): throw ValidationError("say what to write: --epub FILE, or --format markdown|html")
        case (_?, _?): throw ValidationError("--epub writes a book; --format writes text: give one of them")
        case (_?, nil) where output != nil: throw ValidationError("--epub names its file already; --output is for --format")
        default: break
        }
    }

    func run() async throws {
        try await global.withReader { reader in
            let requests = try reader.openRequests(targets)
            if let epub {
                let bytes = try await reader.export(requests, as: .epub)
                try Reader.writeExport(bytes, to: epub)
                return Terminal.print(
                    "wrote \(epub): \(requests.count) document\(requests.count == 1 ? "" : "s"), \(ByteCount.format(bytes.count))")
            }
            let format: ExportFormat = format == .html ? .html : .markdown
            // Written to a file, its stored pictures go beside it (`notes.pictures/`).
            let exported = try await reader.export(
                requests, as: format, picturesFolder: output.map(Reader.picturesFolder(beside:)))
            if let output {
                try Reader.writeExportPictures(exported.pictures, beside: output)
                return try Reader.writeExport(exported.bytes, to: output)
            }
            // To a terminal or a pipe: through the sanitizer, as every byte printed is.
            Terminal.print(String(decoding: exported.bytes, as: UTF8.self))
        }
    }
}
