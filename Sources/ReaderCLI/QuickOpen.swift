import Foundation
import ReaderKit

/// `reader open 793 [--offline] [--no-pager] [--format F] [--cache-dir DIR]` of documents whose
/// rendered view is kept: answered before the argument parser and the async runtime start.
///
/// Opening a stored document is the command people run dozens of times a day, and its work
/// (a catalog lookup, one file read, one write) takes a fraction of a millisecond; building the
/// argument parser's model of every command costs several, in runtime type lookups. So this
/// reads only the words it knows, and hands anything else — other options, a document without
/// a current view, any doubt — to the ordinary path, which gives the same output.
enum QuickOpen {
    /// True when the command was handled and its output written.
    static func run(_ arguments: [String]) -> Bool {
        guard arguments.first == "open" else { return false }
        // Every `-…` not in the table (`--section`, `--help`, `-`) is the parser's path's.
        guard let line = QuickWords(arguments.dropFirst(), options: OpenOptions.quick, isOption: { $0.hasPrefix("-") || $0.isEmpty })
        else { return false }
        let targets = line.words
        let offline = line.isSet(CommonOptions.offline)
        let noPager = line.isSet(OpenOptions.noPager)
        let cacheDir = line.value(CommonOptions.cacheDir)
        var format = OpenOptions.format.defaultValue
        if let value = line.value(OpenOptions.format) {
            guard let chosen = Open.Format(rawValue: value) else { return false }
            format = chosen
        }
        guard !targets.isEmpty else { return false }
        let reader = GlobalOptions.makeReader(cacheDir: cacheDir, offline: offline)
        let options = Open.renderOptions(format, section: nil)
        var documents: [String] = []
        // `rfc 793` as two words too: the targets are read as the parser's path reads them.
        guard let requests = try? reader.openRequests(targets) else { return false }
        for request in requests {
            guard let view = reader.keptView(request, options) else { return false }
            documents.append(view)
        }
        if format == .json {
            documents.forEach(Terminal.printRaw)
        } else {
            Open.show(documents, noPager: noPager)
        }
        return true
    }
}
