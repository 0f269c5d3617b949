import ReaderKit
import ReaderPluginAPI
import Synchronization

/// Which RFC numbers the stored index lists as issued: a page offers to fetch only those. A
/// number the index says was "Not Issued" (RFC 14), or one past its end (RFC 99999), has no
/// text anywhere, and a fetch button for it would only fail. Read once per state of the
/// catalog (a fetched index changes it) and kept, as the pages that use it are.
struct IndexNumbers: Sendable {
    /// The index's last number; 0 when no index is stored.
    let last: Int
    private let issued: Set<Int>
    private let notIssued: Set<Int>

    /// No index stored: nothing is known, every number may be fetched (the RFC Editor says).
    static let unknown = IndexNumbers(last: 0, issued: [], notIssued: [])

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

    /// Why RFC `number` cannot be fetched, in `reader open`'s words (``Reader``'s
    /// `absence(of:)`); nil when it may be.
    func absence(of number: Int) -> String? {
        guard last > 0, !issued.contains(number) else { return nil }
        if notIssued.contains(number) { return "RFC \(number) was never issued (the RFC index says \"Not Issued\")" }
        return "RFC \(number) is not in the stored RFC index, whose last is RFC \(last) ('reader fetch rfc-index' brings it up to date)"
    }

    /// The short form a reference's tooltip gives.
    func shortAbsence(of number: Int) -> String? {
        guard last > 0, !issued.contains(number) else { return nil }
        return notIssued.contains(number) ? "RFC \(number) was never issued" : "not in the RFC index (its last is RFC \(last))"
    }

    /// The numbers of the index stored now, read again only when the catalog has changed.
    static func current(_ reader: Reader) -> IndexNumbers {
        let stamp = reader.catalogStamp
        let root = reader.storeRoot
        if let kept = kept.withLock({ $0 }), kept.root == root, kept.stamp == stamp { return kept.numbers }
        // No index stored (`list` throws): unknown.
        let numbers = (try? reader.list()).map(IndexNumbers.init(entries:)) ?? unknown
        kept.withLock { $0 = (root, stamp, numbers) }
        return numbers
    }

    private static let kept = Mutex<(root: String, stamp: CatalogStamp, numbers: IndexNumbers)?>(nil)
}
