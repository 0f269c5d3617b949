import Foundation

/// `~/.aws/credentials` and `~/.aws/config`, read as the AWS tools read them: `[name]`
/// sections (`[profile name]` in the config file, except `[default]`) of `key = value` lines;
/// `#` and `;` start comments; indented lines belong to the nested setting above them
/// (`s3 =` then `  addressing_style = path`), kept as `s3.addressing_style`.
struct ProfileFile: Sendable {
    private(set) var sections: [String: [String: String]] = [:]

    init(text: String) {
        var current: String?
        var nesting: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let indented = rawLine.first == " " || rawLine.first == "\t"
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if indented {
                if let current, let nesting, let equals = line.firstIndex(of: "=") {
                    let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                    sections[current, default: [:]][nesting + "." + key] = line[line.index(after: equals)...].trimmingCharacters(
                        in: .whitespaces)
                }
                continue
            }
            nesting = nil
            if line.hasPrefix("["), line.hasSuffix("]") {
                current = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let current, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            sections[current, default: [:]][key] = value
            if value.isEmpty { nesting = key }
        }
    }

    /// The file at `path`, or nil when there is none (or it cannot be read).
    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(text: String(decoding: data, as: UTF8.self))
    }

    /// The settings of `profile` in a credentials file (`[name]`).
    func credentialsProfile(_ profile: String) -> [String: String]? {
        sections[profile]
    }

    /// The settings of `profile` in a config file (`[profile name]`, or `[default]`).
    func configProfile(_ profile: String) -> [String: String]? {
        profile == "default" ? (sections["default"] ?? sections["profile default"]) : sections["profile \(profile)"]
    }
}
