/// The `USAGE:` line of `--help`, which the argument parser writes as one line however many
/// options a command has: a terminal then breaks it wherever its last column falls
/// (`[--limit <l` / `imit>]`). Wrapped here at the spaces between options, never inside one
/// (`[--limit <limit>]` stays whole), the lines after the first indented under the command.
enum HelpUsage {
    static func wrapped(_ help: String, width: Int) -> String {
        var lines = help.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix("USAGE: ") }), lines[index].count > width else { return help }
        let line = lines[index]
        // The command's own words (`reader list`) set the indent of the lines after the first.
        let words = parts(line)
        let lead = words.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }
        let indent = String(repeating: " ", count: min(lead.joined(separator: " ").count + 1, width / 2))
        var out: [String] = []
        var current = ""
        for word in words {
            if !current.isEmpty && current.count + 1 + word.count > width && current.count > indent.count {
                out.append(current)
                current = indent + word
            } else {
                current += current.isEmpty ? word : " " + word
            }
        }
        out.append(current)
        lines.replaceSubrange(index...index, with: out)
        return lines.joined(separator: "\n")
    }

    /// The line cut at the spaces outside brackets: `[--limit <limit>]` is one part.
    static func parts(_ line: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in line {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth = max(0, depth - 1)
            default: break
            }
            if character == " " && depth == 0 {
                if !current.isEmpty { parts.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
