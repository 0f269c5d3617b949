import ReaderKit

/// `reader find WORDS… [--source S] [--limit N] [--json] [--cache-dir DIR]`, answered before
/// the argument parser and the async runtime start, as ``QuickOpen`` answers `open`.
///
/// A search takes a few milliseconds; building the argument parser's model of every command
/// takes more than that, in runtime type lookups, before it starts. So this reads only the
/// words it knows and hands anything else — another option, `--help`, a value it cannot read —
/// to the ordinary path, which gives the same output.
enum QuickFind {
    /// The exit code when the command was handled; nil when the parser is to handle it.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.first == "find" else { return nil }
        var words: [String] = []
        var source: String?
        var limit = 10
        var json = false
        var cacheDir: String?
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            switch word {
            case "--json": json = true
            // `find` never opens a connection: offline or not, it reads the store.
            case "--offline": break
            case "--source", "--limit", "--cache-dir":
                guard index + 1 < arguments.count else { return nil }
                index += 1
                let value = arguments[index]
                if word == "--source" {
                    source = value
                } else if word == "--cache-dir" {
                    cacheDir = value
                } else {
                    // Out of range: the parser's path refuses it in words.
                    guard let number = Int(value), Find.limits.contains(number) else { return nil }
                    limit = number
                }
            default:
                // `-word` is a word to leave out; `-h` and every `--option` are the parser's.
                guard !word.hasPrefix("--"), word != "-h" else { return nil }
                words.append(word)
            }
            index += 1
        }
        guard !words.isEmpty, (try? EnvironmentNumbers(Console.current.environment)) != nil else { return nil }
        let reader = GlobalOptions.makeReader(cacheDir: cacheDir, offline: true)
        do {
            let result = try reader.find(words, source: source, limit: limit)
            return try Find.show(result, words: words, source: source, json: json)
        } catch let error as ReaderError {
            Terminal.error(error.description)
            return error.exitCode
        } catch {
            return nil
        }
    }
}
