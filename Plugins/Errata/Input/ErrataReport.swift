import ReaderPluginAPI

/// One report of `errata.json`, its fields checked: real reports have `null` fields, `\r\n`
/// line ends and HTML entities; a field of the wrong type or absurd length skips the report.
struct ErrataReport: Sendable {
    var id: String
    /// The RFC number of `doc-id` (`RFC9110` → 9110).
    var rfc: Int
    var status: String
    var kind: String?
    /// The section as written (`B.1.`, `3.2 and 4.1`, `GLOBAL`), and the first number in it.
    var sectionText: String?
    var section: String?
    var original: String?
    var corrected: String?
    var notes: String?
    var date: String?
    var submitter: String?

    struct Skip: Error {
        var reason: String
    }

    /// A field longer than this is no report a person wrote (the longest real one is 21,028).
    static let longestField = 100_000

    static func read(_ value: JSONValue) -> Result<ErrataReport, Skip> {
        guard case .object(let fields) = value else { return .failure(Skip(reason: "not a JSON object")) }
        do {
            guard let id = try identifier(fields["errata_id"]) else { throw Skip(reason: "without an errata_id") }
            guard let document = try text(fields, "doc-id"), let rfc = rfcNumber(document) else {
                throw Skip(reason: "without an RFC in doc-id")
            }
            guard let statusText = try text(fields, "errata_status_code") else { throw Skip(reason: "without a status") }
            guard let status = status(statusText) else { throw Skip(reason: "with an unknown status") }
            let sectionText = try text(fields, "section")
            let report = ErrataReport(
                id: id, rfc: rfc, status: status, kind: try text(fields, "errata_type_code").map { $0.lowercased() },
                sectionText: sectionText, section: sectionText.flatMap(SectionName.first),
                original: try text(fields, "orig_text", multiline: true), corrected: try text(fields, "correct_text", multiline: true),
                notes: try text(fields, "notes", multiline: true), date: try date(fields),
                submitter: try text(fields, "submitter_name"))
            return .success(report)
        } catch let skip as Skip {
            return .failure(skip)
        } catch {
            return .failure(Skip(reason: "unreadable"))
        }
    }

    /// `"7105"`, or a whole number written as a JSON number.
    private static func identifier(_ value: JSONValue?) throws -> String? {
        switch value {
        case .string(let text):
            let trimmed = Clean.trimmed(text)
            guard !trimmed.isEmpty, trimmed.count <= 20, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLetter) }) else {
                throw Skip(reason: "with an errata_id that is no number")
            }
            return trimmed
        case .number(let number):
            guard number >= 0, number < 1e12, number == number.rounded() else { throw Skip(reason: "with an errata_id that is no number") }
            return String(Int(number))
        case .null, nil: return nil
        default: throw Skip(reason: "with an errata_id that is no number")
        }
    }

    /// A text field: absent, `null` and empty are nil; anything but a string skips the report.
    private static func text(_ fields: [String: JSONValue], _ name: String, multiline: Bool = false) throws -> String? {
        switch fields[name] {
        case .string(let raw):
            guard raw.utf8.count <= longestField * 4, raw.count <= longestField else {
                throw Skip(reason: "with \(name) longer than \(longestField) characters")
            }
            let cleaned = Clean.text(raw, multiline: multiline)
            return cleaned.isEmpty ? nil : cleaned
        case .null, nil: return nil
        default: throw Skip(reason: "with \(name) not a string")
        }
    }

    private static func date(_ fields: [String: JSONValue]) throws -> String? {
        // `9999-04-13` and `0000-00-00` are in the data: a date no one wrote is no date.
        for name in ["update_date", "submit_date"] {
            guard let text = try text(fields, name) else { continue }
            let day = String(text.prefix(10))
            let parts = day.split(separator: "-")
            guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]),
                (1980...2200).contains(year), (1...12).contains(month), (1...31).contains(dayOfMonth)
            else { continue }
            return day
        }
        return nil
    }

    /// `RFC9110`, `rfc 9110`, `RFC0793`.
    static func rfcNumber(_ text: String) -> Int? {
        var rest = Substring(Clean.trimmed(text))
        if rest.lowercased().hasPrefix("rfc") { rest = rest.dropFirst(3) }
        while rest.first == " " { rest.removeFirst() }
        guard !rest.isEmpty, rest.count <= 6, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(rest), number > 0
        else { return nil }
        return number
    }

    /// The RFC Editor's four statuses, written in any case and spacing.
    static func status(_ text: String) -> String? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "-" }).joined(separator: " ")
        switch words {
        case "verified": return "verified"
        case "held for document update", "held", "hold for document update": return "held"
        case "reported": return "reported"
        case "rejected": return "rejected"
        default: return nil
        }
    }
}
