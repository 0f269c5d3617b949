/// The command line's words before the argument parser sees them: options common to every
/// command may come before the command (`reader --cache-dir DIR list`, as git takes `-C`), and
/// a mistyped command gets a suggestion.
enum CommandLineWords {
    /// The common options (``CommonOptions``), and whether each takes a value.
    static let commonOptions: [String: Bool] = Dictionary(
        uniqueKeysWithValues: CommonOptions.all.map { ("--" + $0.name, $0.takesValue) })

    /// `words` with a bare `--remote` (last, or before another option) given the value
    /// ``configuredRemote``: "the remote `READER_REMOTE` names", as `reader cache verify
    /// --remote` means it (the argument parser has no option with an optional value).
    static let configuredRemote = "$READER_REMOTE"

    static func givingBareRemoteAValue(_ words: [String]) -> [String] {
        var words = words
        let end = words.firstIndex(of: "--") ?? words.endIndex
        for index in words.indices where index < end && words[index] == "--remote" {
            if index + 1 == end || words[index + 1].hasPrefix("-") { words[index] = "--remote=" + configuredRemote }
        }
        return words
    }

    /// `words` with the common options found before the command moved after it, where every
    /// command's parser takes them; anything else is left as it is.
    static func hoistingCommonOptions(_ words: [String]) -> [String] {
        // Most command lines start with their command: the table of options (made from every
        // option's help) is not made for them.
        guard words.first?.hasPrefix("--") == true else { return words }
        var leading: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let name = String(word.split(separator: "=", maxSplits: 1).first ?? "")
            guard let takesValue = commonOptions[name] else { break }
            leading.append(word)
            if takesValue && !word.contains("=") {
                guard index + 1 < words.count else { return words }
                leading.append(words[index + 1])
                index += 1
            }
            index += 1
        }
        guard !leading.isEmpty, index < words.count else { return words }
        var rest = Array(words[index...])
        // Before a `--`, after which every word is an argument.
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: leading, at: end)
        return rest
    }

    /// When the first word is not a command but looks like a mistyped one, the line that says
    /// so and suggests the nearest: `'fecth' is not a command; did you mean 'fetch'?`.
    /// `group` names the command whose subcommands `commands` are (`cache`: `'lss' is not a
    /// 'cache' command; did you mean 'ls'?`).
    static func unknownCommand(_ words: [String], commands: [String], of group: String? = nil) -> String? {
        guard let first = words.first, !first.hasPrefix("-"), !commands.contains(first) else { return nil }
        let what = group.map { "a '\($0)' command" } ?? "a command"
        let help = "'reader \(group.map { $0 + " " } ?? "")--help' lists them"
        let nearest = commands.map { ($0, distance(first.lowercased(), $0)) }.min { $0.1 < $1.1 }
        if let (name, cost) = nearest, cost <= max(1, name.count / 3) || name.hasPrefix(first.lowercased()) {
            return "'\(first)' is not \(what); did you mean '\(name)'? (\(help))"
        }
        return "'\(first)' is not \(what) (\(help))"
    }

    /// Edit distance (insert, delete, replace, swap of neighbours).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
