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
        // `-word` is a word to leave out; `-h` and every `--option` not in the table are the parser's.
        guard let line = QuickWords(arguments.dropFirst(), options: FindOptions.quick, isOption: { $0.hasPrefix("--") || $0 == "-h" })
        else { return nil }
        // `--offline` is taken and changes nothing: `find` never opens a connection.
        let words = line.words
        let source = line.value(FindOptions.source)
        let json = line.isSet(FindOptions.json)
        let cacheDir = line.value(CommonOptions.cacheDir)
        var limit = FindOptions.limit.defaultValue
        if let value = line.value(FindOptions.limit) {
            // Out of range: the parser's path refuses it in words.
            guard let number = Int(value), Find.limits.contains(number) else { return nil }
            limit = number
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
