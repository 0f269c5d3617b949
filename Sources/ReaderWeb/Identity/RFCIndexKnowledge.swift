import Foundation
import ReaderKit
import ReaderPluginAPI
import Synchronization

/// The one place of the site that knows RFCs, for what no module declares yet as plain values:
/// which numbers the stored RFC index lists as issued (a page offers to fetch only those — RFC
/// 14 "Not Issued", or RFC 99999 past the index's end, has no text anywhere, and a fetch button
/// for it would only fail), the RFC Editor's addresses of an RFC (a page's link to one opens it
/// here when stored), and the RFCs an RFC cites before its module states them as relations.
/// Read once per state of the catalog (a fetched index changes it) and kept, as the pages that
/// use it are.
struct RFCIndexKnowledge: Sendable {
    /// The index's last number; 0 when no index is stored.
    let last: Int
    private let issued: Set<Int>
    private let notIssued: Set<Int>

    /// No index stored: nothing is known, every number may be fetched (the RFC Editor says).
    static let unknown = RFCIndexKnowledge(last: 0, issued: [], notIssued: [])

    private init(last: Int, issued: Set<Int>, notIssued: Set<Int>) {
        self.last = last
        self.issued = issued
        self.notIssued = notIssued
    }

    init(entries: [Entry]) {
        var issued = Set<Int>()
        var notIssued = Set<Int>()
        for entry in entries {
            guard let number = Int(entry.id) else { continue }
            if entry.fields["notIssued"] == .bool(true) { notIssued.insert(number) } else { issued.insert(number) }
        }
        self.init(last: max(issued.max() ?? 0, notIssued.max() ?? 0), issued: issued, notIssued: notIssued)
    }

    /// The RFC number of a key `rfc/N`.
    static func number(ofKey key: String) -> Int? {
        guard key.hasPrefix(Reader.rfcRequestType + "/"), let number = Int(key.dropFirst(4)), key == "rfc/\(number)" else { return nil }
        return number
    }

    /// Why the document of `key` cannot be fetched, in `reader open`'s words; nil when it may be
    /// (or is not an RFC).
    func absence(ofKey key: String) -> String? {
        guard let number = Self.number(ofKey: key), last > 0, !issued.contains(number) else { return nil }
        if notIssued.contains(number) { return "RFC \(number) was never issued (the RFC index says \"Not Issued\")" }
        return "RFC \(number) is not in the stored RFC index, whose last is RFC \(last) ('reader fetch rfc-index' brings it up to date)"
    }

    /// The short form a reference's tooltip gives.
    func shortAbsence(ofKey key: String) -> String? {
        guard let number = Self.number(ofKey: key), last > 0, !issued.contains(number) else { return nil }
        return notIssued.contains(number) ? "RFC \(number) was never issued" : "not in the RFC index (its last is RFC \(last))"
    }

    /// The title the stored index gives the RFC of `key`, for the page of one not stored.
    static func title(ofKey key: String, _ reader: Reader) -> String? {
        guard let number = number(ofKey: key) else { return nil }
        return ((try? reader.indexEntry(rfc: number)) ?? nil)?.title
    }

    /// The RFCs an RFC cites (`references` of its JSON), with their titles from the stored
    /// index: its "RFCs cited" until its module states them as `cites` relations.
    static func cited(_ opened: OpenedDocument) -> [(key: String, title: String?)] {
        RFCNumbers.in(opened.document.extra["references"]).map { ("rfc/\($0)", opened.citedTitles[$0]) }
    }

    /// The page's names of the RFC sources (home page counts).
    static let sourceNames: [String: (singular: String, plural: String)] = ["rfc-index": ("RFC index", "RFC indexes")]

    /// The key of the RFC a URL shows, on the sites that publish RFCs:
    /// `rfc-editor.org/rfc/rfc9110(.txt|.html)`, `datatracker.ietf.org/doc/html/rfc9110`,
    /// `tools.ietf.org/html/rfc9110`.
    static func key(ofURL url: URL) -> String? {
        guard let host = url.host?.lowercased(),
            ["www.rfc-editor.org", "rfc-editor.org", "datatracker.ietf.org", "tools.ietf.org", "www.ietf.org"].contains(host)
        else { return nil }
        guard var last = url.pathComponents.last?.lowercased(), last.hasPrefix("rfc") else { return nil }
        for suffix in [".txt", ".html", ".pdf", ".xml"] where last.hasSuffix(suffix) { last.removeLast(suffix.count) }
        let digits = last.dropFirst(3)
        guard (1...5).contains(digits.count), digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0 else { return nil }
        return "rfc/\(number)"
    }

    /// The numbers of the index stored now, read again only when the catalog has changed.
    static func current(_ reader: Reader) -> RFCIndexKnowledge {
        let stamp = reader.catalogStamp
        let root = reader.storeRoot
        if let kept = kept.withLock({ $0 }), kept.root == root, kept.stamp == stamp { return kept.numbers }
        // No index stored (`list` throws): unknown.
        let numbers = (try? reader.list()).map(RFCIndexKnowledge.init(entries:)) ?? unknown
        kept.withLock { $0 = (root, stamp, numbers) }
        return numbers
    }

    private static let kept = Mutex<(root: String, stamp: CatalogStamp, numbers: RFCIndexKnowledge)?>(nil)
}

extension RFCIndexKnowledge {
    /// "RFCs cited", with their titles from the stored index: an RFC's list while its module
    /// does not state them as `cites` relations (then the relations' list says the same).
    static func writeCited(_ opened: OpenedDocument, _ links: KeyLinks, into html: inout HTML) {
        let cited = cited(opened)
        guard !cited.isEmpty else { return }
        html.raw("<section class=\"cited\"><h2 id=\"rfcs-cited\">RFCs cited</h2><ul>")
        for (key, title) in cited {
            html.raw("<li>")
            links.reference(key, label: links.names.label(ofKey: key) ?? key, into: &html)
            if let title {
                html.raw(" ")
                html.text(title)
            }
            html.raw("</li>")
        }
        html.raw("</ul></section>\n")
    }
}

extension RFCIndexKnowledge {
    /// The key of the document an entry of the RFC index describes (`793` → `rfc/793`): the
    /// index's entries say their number, not their key.
    static func key(ofEntry entry: Entry) -> String? {
        Int(entry.id).map { "rfc/\($0)" }
    }

    /// What the pages call the index (`/index`, the search page), and its first column.
    static let indexName = "RFC index"
    static let idColumn = "RFC"

    /// The statuses the RFC index uses: the choices of `/index`'s status filter.
    static let statuses = [
        "INTERNET STANDARD", "PROPOSED STANDARD", "DRAFT STANDARD", "BEST CURRENT PRACTICE", "INFORMATIONAL", "EXPERIMENTAL",
        "HISTORIC", "UNKNOWN",
    ]
}
