import ReaderPluginAPI

/// A datatracker `doc.json`, read for lineage. Which members, as the datatracker writes them:
/// `name` (the draft, without version), `state` (`Replaced`, `RFC`, `Active`, `Expired`) and
/// `rev_history` (`[{"name", "rev", "published"}]`: the draft's versions together with those of
/// the drafts it replaced and that replaced it, and the RFC it became as `rfcNNNN`).
///
/// - `state` `Replaced`: the draft in `rev_history` whose first version was published first
///   after this draft's last is what replaced it: that version `replaces` this draft's last.
/// - An `rfcNNNN` entry with `state` `RFC`: this draft's last version `became` RFC NNNN.
///
/// Anything else is not read. A version or name that cannot be read is skipped and counted.
enum TrackerRecord {
    struct Version {
        var name: String
        var rev: String
        var published: String
    }

    static func parse(_ bytes: [UInt8], module: String) throws -> Document {
        guard case .object(let record)? = JSONValue(jsonText: String(decoding: bytes, as: UTF8.self)) else {
            throw ParseError(module: module, reason: "not a datatracker record: no JSON object")
        }
        guard let written = record["name"]?.stringValue, let name = draftName(written, droppingVersion: false) else {
            throw ParseError(module: module, reason: "not a datatracker record of a draft: no draft name in \"name\"")
        }
        var skipped = 0
        var versions: [Version] = []
        var rfc: Int?
        for item in record["rev_history"]?.arrayValue ?? [] {
            guard let fields = item.objectValue, let itemName = fields["name"]?.stringValue,
                let rev = fields["rev"]?.stringValue, let published = fields["published"]?.stringValue, published.count <= 64
            else {
                skipped += 1
                continue
            }
            if let number = rfcNumber(itemName) {
                rfc = number
            } else if let draft = draftName(itemName, droppingVersion: false), rev.count == 2, rev.allSatisfy(\.isDigitASCII) {
                versions.append(Version(name: draft, rev: rev, published: published))
            } else {
                skipped += 1
            }
        }
        let state = record["state"]?.stringValue?.lowercased()
        let own = versions.filter { $0.name == name }
        var relations: [Relation] = []
        if let last = own.max(by: { ($0.published, $0.rev) < ($1.published, $1.rev) }) {
            let lastKey = "\(name)-\(last.rev)"
            if state == "replaced",
                let successor = versions.filter({ $0.name != name && $0.published > last.published }).min(by: {
                    ($0.published, $0.rev) < ($1.published, $1.rev)
                })
            {
                relations.append(Relation(.replaces, target: lastKey, subject: "\(successor.name)-\(successor.rev)"))
            }
            if state == "rfc", let rfc { relations.append(Relation(.became, target: "rfc/\(rfc)", subject: lastKey)) }
        }
        var notes: [String] = []
        if skipped > 0 {
            let versions = skipped == 1 ? "version was" : "versions were"
            notes.append("\(skipped) \(versions) skipped: no name, version or date that can be read")
        }
        // Bounded, and without the control characters a terminal would act on.
        let title = record["title"]?.stringValue.map { written in
            let printable = written.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
            return String(String.UnicodeScalarView(printable.prefix(500)))
        }
        return Document(
            source: "datatracker", key: "datatracker/\(name)", title: title.flatMap { $0.isEmpty ? nil : $0 } ?? name, notes: notes,
            extra: ["name": .string(name), "state": state.map { .string(String($0.prefix(40))) } ?? .null],
            relations: relations)
    }

    /// `draft-nottingham-rfc5988bis`: lower-case letters, digits and single hyphens after
    /// `draft-`, at most 200 characters; with `droppingVersion`, a trailing `-NN` taken off.
    static func draftName(_ written: String, droppingVersion: Bool) -> String? {
        var name = written.lowercased()
        guard name.hasPrefix("draft-"), name.count <= 200,
            name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
            !name.contains("--"), !name.hasSuffix("-")
        else { return nil }
        if droppingVersion, let last = name.split(separator: "-").last, last.count == 2, last.allSatisfy(\.isDigitASCII) {
            name.removeLast(3)
        }
        return name.split(separator: "-").count >= 2 ? name : nil
    }

    /// `rfc8288` → 8288.
    static func rfcNumber(_ name: String) -> Int? {
        guard name.hasPrefix("rfc") else { return nil }
        let digits = name.dropFirst(3)
        guard (1...5).contains(digits.count), digits.allSatisfy(\.isDigitASCII) else { return nil }
        return Int(digits)
    }

    /// A word from the command line as a message may quote it: printable ASCII, 80 at most.
    static func printable(_ word: String) -> String {
        String(word.unicodeScalars.map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" }.prefix(80))
    }
}

extension Character {
    /// `0` to `9` only (`isNumber` takes other scripts' digits and fractions).
    var isDigitASCII: Bool { isASCII && isNumber }
}
