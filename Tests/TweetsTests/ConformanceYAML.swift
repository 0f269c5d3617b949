/// Just enough of YAML to read twitter-text's `extract.yml`: sections of cases, each with a
/// double-quoted `text` and `expected` entries of `key: "value"` and `indices: [a, b]`.
struct ConformanceCase {
    struct Expected {
        /// The first quoted field: `url`, `screen_name`, `hashtag` or `cashtag`, and its value.
        var field: String
        var value: String
        var listSlug: String?
        var indices: Range<Int>
    }

    var section: String
    var description: String
    var text: String
    var expected: [Expected]
}

enum ConformanceYAML {
    /// The cases that give indices, by section, in file order.
    static func casesWithIndices(_ yaml: String) -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        var section = ""
        var current: ConformanceCase?
        var pending: (field: String, value: String, slug: String?)?
        func finish() {
            if let done = current, !done.expected.isEmpty { cases.append(done) }
            current = nil
        }
        for rawLine in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.drop { $0 == " " }
            let indent = rawLine.count - line.count
            if indent == 2, line.hasSuffix(":") {
                finish()
                section = String(line.dropLast())
            } else if line.hasPrefix("- description:") {
                finish()
                current = ConformanceCase(
                    section: section, description: quoted(line.dropFirst("- description:".count)) ?? "", text: "",
                    expected: [])
            } else if line.hasPrefix("text:"), current != nil {
                current?.text = quoted(line.dropFirst("text:".count)) ?? ""
            } else if line.hasPrefix("- "), let colon = line.firstIndex(of: ":"), current != nil {
                let field = String(line[line.index(line.startIndex, offsetBy: 2)..<colon])
                pending = (field, quoted(line[line.index(after: colon)...]) ?? "", nil)
            } else if line.hasPrefix("list_slug:") {
                pending?.slug = quoted(line.dropFirst("list_slug:".count))
            } else if line.hasPrefix("indices:"), let found = pending {
                let numbers = line.dropFirst("indices:".count)
                    .split(whereSeparator: { "[], ".contains($0) })
                    .compactMap { Int($0) }
                if numbers.count == 2 {
                    current?.expected.append(
                        .init(field: found.field, value: found.value, listSlug: found.slug, indices: numbers[0]..<numbers[1]))
                }
                pending = nil
            }
        }
        finish()
        return cases
    }

    /// A double-quoted YAML scalar with its escapes (`\"`, `\\`, `\n`, `\uXXXX`, `\UXXXXXXXX`).
    static func quoted(_ raw: Substring) -> String? {
        let trimmed = raw.drop { $0 == " " }
        guard trimmed.first == "\"" else { return nil }
        var result = String.UnicodeScalarView()
        var scalars = trimmed.unicodeScalars.dropFirst()
        while let scalar = scalars.popFirst() {
            if scalar == "\"" { return String(result) }
            guard scalar == "\\", let escape = scalars.popFirst() else {
                result.append(scalar)
                continue
            }
            switch escape {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "u", "U", "x":
                let width = escape == "u" ? 4 : escape == "U" ? 8 : 2
                let digits = String(String.UnicodeScalarView(scalars.prefix(width)))
                scalars = scalars.dropFirst(width)
                guard let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                result.append(decoded)
            default: result.append(escape)
            }
        }
        return nil
    }
}
