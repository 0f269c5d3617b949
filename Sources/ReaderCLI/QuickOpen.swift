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
        var targets: [String] = []
        var offline = false
        var noPager = false
        var format = Open.Format.text
        var cacheDir: String?
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            switch word {
            case "--offline": offline = true
            case "--no-pager": noPager = true
            case "--format", "--cache-dir":
                guard index + 1 < arguments.count else { return false }
                index += 1
                if word == "--cache-dir" {
                    cacheDir = arguments[index]
                } else {
                    guard let chosen = Open.Format(rawValue: arguments[index]) else { return false }
                    format = chosen
                }
            default:
                guard !word.hasPrefix("-"), !word.isEmpty else { return false }
                targets.append(word)
            }
            index += 1
        }
        guard !targets.isEmpty else { return false }
        let reader = GlobalOptions.makeReader(cacheDir: cacheDir, offline: offline)
        let options = Open.renderOptions(format, section: nil)
        var documents: [String] = []
        for target in targets {
            guard let request = try? reader.openRequest(target), let view = reader.keptView(request, options) else { return false }
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
