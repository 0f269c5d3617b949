import ArgumentParser
import ReaderKit

/// `--tag T`, `--unread`, `--starred`: what `cache ls` and `find` keep by a person's tags and
/// marks (`reader tag`, `reader mark`).
struct AnnotationFilterOptions: ParsableArguments {
    @Option(name: .long, help: "Only documents with this tag ('reader tag KEY +TAG').") var tag: String?
    @Flag(name: .long, help: "Only documents not marked read ('reader mark KEY read').") var unread = false
    @Flag(name: .long, help: "Only documents marked starred.") var starred = false

    func validate() throws {
        if let tag, let problem = AnnotationRecord.problem(tag: tag) {
            throw ValidationError("--tag '\(tag.prefix(80))': \(problem)")
        }
    }

    var filter: AnnotationFilter { AnnotationFilter(tag: tag, unread: unread, starred: starred) }
}
