import Foundation
import ReaderPluginAPI
import ReaderSupport

/// Turns an opened document into output: text, Markdown or JSON. Text and Markdown still pass
/// through ``TerminalSanitizer`` when written; JSON escapes control characters itself.
public enum Renderer {
    public static func render(_ opened: OpenedDocument, _ options: RenderOptions) throws -> String {
        var opened = opened
        // Annotations of other documents (errata) are blocks of the reading view, placed before
        // a section is cut out so that a section shows its own; JSON lists them under their key.
        if options.format != .json, !opened.annotationSets.isEmpty {
            opened.document.blocks = AnnotationLayout.blocks(opened.document, opened.annotationSets, options.annotations)
            opened.notices += AnnotationLayout.summary(opened.annotationSets, options.annotations)
        }
        if let section = options.section {
            opened.document.blocks = try Sections.extract(section, from: opened.document, opener: opened.shorthand)
        }
        // Under --section, only the notes placed in it.
        let notes = NoteAnchors.place(opened.userNotes, in: opened.document.blocks)
            .filter { options.section == nil || $0.placed != .end }
        switch options.format {
        case .text: return TextRenderer(options: options, document: opened.document, notes: notes).render(opened)
        case .markdown: return MarkdownRenderer(document: opened.document, notes: notes, picturePaths: options.picturePaths).render(opened)
        case .json: return try JSONRenderer.render(opened, options, notes: notes)
        }
    }
}

/// `--section 3.2`: the blocks from that heading up to the next heading of the same or a
/// higher level.
enum Sections {
    /// `opener`: the words that open the document (its shorthand), for the hint; nil: its key.
    static func extract(_ number: String, from document: Document, opener: String? = nil) throws -> [Block] {
        let wanted = normalize(number)
        guard
            let start = document.blocks.firstIndex(where: { block in
                if case .heading(_, let n?, let title) = block { return normalize(n) == wanted || title.lowercased() == wanted }
                if case .heading(_, nil, let title) = block { return title.lowercased() == wanted }
                return false
            }), case .heading(let level, _, _) = document.blocks[start]
        else {
            // A timeline's tweet, by its id: what `find` offers for a tweet it found.
            if let post = document.blocks.first(where: { block in
                if case .post(let post) = block { return post.id == number }
                return false
            }) {
                return [post]
            }
            // Pointing at the table of contents: a guessed number is the usual reason.
            throw ReaderError.usage(
                "\(document.key) has no section \(number); 'reader open \(opener ?? document.key) --toc' lists its sections")
        }
        var end = start + 1
        while end < document.blocks.count {
            if case .heading(let next, _, _) = document.blocks[end], next <= level { break }
            end += 1
        }
        return Array(document.blocks[start..<end])
    }

    static func normalize(_ number: String) -> String {
        var text = number.lowercased().trimmingCharacters(in: .whitespaces)
        for prefix in ["section ", "appendix "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
