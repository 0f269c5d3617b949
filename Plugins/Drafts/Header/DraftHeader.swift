import RFCText

/// What the header block on a draft's first page says (`Internet-Draft`, `Intended status:`,
/// `Expires:`, `Obsoletes:`/`Updates:`/`Replaces:` on the left; authors, organisations and
/// the date on the right), read from the lines of the text with the page furniture gone.
struct DraftHeader: Sendable, Equatable {
    var intendedStatus: String?
    /// As written (`January 19, 2018`) and as ISO 8601 when it reads as a date.
    var expires: String?
    var expiresISO: String?
    var date: String?
    var dateISO: String?
    var obsoletes: [Int] = []
    var updates: [Int] = []
    /// Drafts this one replaces (`Replaces: draft-x-y`), by name.
    var replaces: [String] = []
    var authors: [String] = []
    /// Whether a line of the block says `Internet-Draft`: the text calls itself one.
    var saysInternetDraft = false

    private enum Field { case obsoletes, updates, replaces }

    /// The first block of non-blank lines; if it ends before the `Expires:` line (a blank line
    /// inside the header), the next block too.
    init(lines: [String]) {
        var index = lines.firstIndex { !$0.isEmpty } ?? lines.endIndex
        var blocks = 0
        var continuing: Field?
        while index < lines.endIndex, blocks < 2 {
            let line = lines[index]
            index += 1
            if line.isEmpty {
                if expires != nil || intendedStatus != nil { break }
                if index < lines.endIndex, !lines[index].isEmpty { blocks += 1 }
                continue
            }
            let (left, right) = Self.columns(line)
            if let right { take(right: right) }
            guard let left else { continue }
            continuing = take(left: left, continuing: continuing)
        }
        if expires == nil { expires = Self.expiryInMemo(lines) }
        if expiresISO == nil, let expires { expiresISO = PagedText.isoDate(expires) }
    }

    private mutating func take(left: String, continuing: Field?) -> Field? {
        let lower = left.lowercased()
        func rest(_ prefix: String) -> String? {
            lower.hasPrefix(prefix) ? String(left.dropFirst(prefix.count)).trimmed : nil
        }
        if lower.hasPrefix("internet-draft") || lower.hasPrefix("internet draft") { saysInternetDraft = true }
        if let value = rest("intended status:") ?? rest("category:") ?? rest("intended category:") {
            if intendedStatus == nil, !value.isEmpty { intendedStatus = Self.withoutIfApproved(value) }
        } else if let value = rest("expires:") ?? rest("expires") {
            if expires == nil, !value.isEmpty {
                expires = value
                expiresISO = PagedText.isoDate(value)
            }
        } else if let value = rest("obsoletes:") {
            obsoletes += Self.numbers(value)
            return .obsoletes
        } else if let value = rest("updates:") {
            updates += Self.numbers(value)
            return .updates
        } else if let value = rest("replaces:") {
            replaces += Self.draftNames(value)
            return .replaces
        } else if let field = continuing {
            switch field {
            case .obsoletes: obsoletes += Self.numbers(left)
            case .updates: updates += Self.numbers(left)
            case .replaces: replaces += Self.draftNames(left)
            }
            return field
        }
        return nil
    }

    private mutating func take(right: String) {
        if let iso = PagedText.isoDate(right) {
            if date == nil {
                date = right
                dateISO = iso
            }
        } else if Self.startsWithInitials(right) {
            authors.append(right)
        }
    }

    /// `This Internet-Draft will expire on January 19, 2018.` in the Status of This Memo.
    private static func expiryInMemo(_ lines: [String]) -> String? {
        let marker = "will expire on "
        for (index, line) in lines.prefix(120).enumerated() {
            guard let range = line.firstRange(of: marker) else { continue }
            var value = String(line[range.upperBound...])
            if !value.contains("."), index + 1 < lines.count { value += " " + lines[index + 1].trimmed }
            guard let stop = value.firstIndex(of: ".") else { continue }
            let date = String(value[..<stop]).trimmed
            if !date.isEmpty, date.count <= 40 { return date }
        }
        return nil
    }

    /// `Standards Track (if approved)` → `Standards Track`.
    static func withoutIfApproved(_ value: String) -> String {
        var value = value
        if let range = value.firstRange(of: "(if approved)") { value.removeSubrange(range) }
        return value.trimmed
    }

    static func numbers(_ text: String) -> [Int] {
        // `5988 (if approved)`, `RFC 7230, 7231`: the numbers, not the draft names' digits.
        text.split { !$0.isNumber && $0 != "-" }.filter { $0.allSatisfy(\.isNumber) }.compactMap { Int($0) }
            .filter { $0 > 0 && $0 < 100_000 }
    }

    static func draftNames(_ text: String) -> [String] {
        text.split { $0 == " " || $0 == "," }.map { String($0).lowercased() }.filter {
            $0.hasPrefix("draft-") && $0.count > 6
        }
    }

    /// Splits a header line at a gap of three spaces or more: left column, right column. A line
    /// set in far (28 columns or more) is all right column.
    static func columns(_ line: String) -> (left: String?, right: String?) {
        let indent = line.prefix { $0 == " " }.count
        let content = line.dropFirst(indent)
        if indent >= 28 { return (nil, String(content).trimmed) }
        guard let gap = content.firstRange(of: "   ") else { return (String(content).trimmed, nil) }
        let right = String(content[gap.upperBound...]).trimmed
        return (String(content[..<gap.lowerBound]).trimmed, right.isEmpty ? nil : right)
    }

    /// `M. Nottingham`, `R. Fielding, Ed.`, `J.K. Reynolds`: a person, not an organisation.
    static func startsWithInitials(_ name: String) -> Bool {
        let parts = name.split(separator: " ")
        guard parts.count >= 2, let first = parts.first, first.count >= 2, first.last == ".",
            first.first?.isUppercase == true
        else { return false }
        return parts[1].first?.isUppercase == true
    }
}

extension String {
    var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
