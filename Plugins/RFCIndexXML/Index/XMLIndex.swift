import ReaderPluginAPI

/// The RFC Editor's index in XML (`rfc-index.xml`), read for what the text index does not say:
/// the Internet-Draft each RFC was published from (`<draft>draft-nottingham-rfc5988bis-08</draft>`
/// in RFC 8288's entry). One document, `rfc-index-xml`, whose relations tell that each such
/// draft `became` its RFC: the engine shows "Became RFC 8288" over the draft and "Came from
/// draft-nottingham-rfc5988bis-08" over the RFC, and `reader refs` lists them both ways.
///
/// An entry whose RFC number or draft name cannot be read is skipped and counted in the
/// document's notes; an input that is not the index, or is cut short (no closing
/// `</rfc-index>`), is refused whole, so that no part of an index is ever stored.
enum XMLIndex {
    static let requestType = "rfc-index-xml"

    /// The longest draft name taken (the datatracker's are under 100 characters).
    static let longestDraftName = 200

    static func parse(_ bytes: [UInt8], module: String) throws -> Document {
        let scanner = XMLIndexScanner(bytes: bytes)
        guard scanner.opensAsIndex else {
            throw ParseError(module: module, reason: "not the RFC index in XML: no <rfc-index> element at its start")
        }
        guard scanner.isWhole else {
            throw ParseError(module: module, reason: "the RFC index in XML is cut short: it does not end with </rfc-index>")
        }
        var relations: [Relation] = []
        var skipped = 0
        var withoutDraft = 0
        let (count, unclosed) = scanner.entries { raw in
            guard let number = rfcNumber(raw.docID) else {
                skipped += 1
                return
            }
            guard let written = raw.draft, !written.isEmpty else {
                withoutDraft += 1
                return
            }
            guard let draft = draftKey(written) else {
                skipped += 1
                return
            }
            relations.append(Relation(.became, target: "rfc/\(number)", subject: draft))
        }
        guard count > 0 else {
            throw ParseError(module: module, reason: "no <rfc-entry> could be read in the RFC index in XML")
        }
        var notes: [String] = []
        if skipped > 0 {
            let entries = skipped == 1 ? "entry was" : "entries were"
            notes.append("\(skipped) \(entries) skipped: no RFC number or no draft name that can be read")
        }
        if unclosed > 0 { notes.append("\(unclosed) \(unclosed == 1 ? "entry was" : "entries were") skipped: cut short") }
        return Document(
            source: requestType, key: requestType, title: "RFC Index (XML)", notes: notes,
            extra: [
                "entryCount": JSONValue(count), "draftCount": JSONValue(relations.count), "withoutDraft": JSONValue(withoutDraft),
            ],
            relations: relations)
    }

    /// `RFC8288` → 8288; nil for anything else (a BCP's id, a number too long, `RFC`).
    static func rfcNumber(_ docID: String?) -> Int? {
        guard let docID, docID.hasPrefix("RFC") else { return nil }
        let digits = docID.dropFirst(3)
        guard (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
            number > 0
        else { return nil }
        return number
    }

    /// The catalog key of the draft an entry names (`draft-nottingham-rfc5988bis-08`, as the
    /// drafts module keys a version): lower-case letters, digits and single hyphens, ending in
    /// a two-digit version; nil for anything else (a name with `../`, escapes, no version).
    static func draftKey(_ written: String) -> String? {
        let name = written.lowercased()
        guard name.hasPrefix("draft-"), name.count <= longestDraftName,
            name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
            !name.contains("--"), !name.hasSuffix("-")
        else { return nil }
        let parts = name.split(separator: "-")
        guard parts.count >= 3, let version = parts.last, version.count == 2, version.allSatisfy(\.isNumber) else { return nil }
        return name
    }
}
