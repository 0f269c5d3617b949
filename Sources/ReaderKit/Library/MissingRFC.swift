import ReaderPluginAPI

/// Why an RFC the RFC Editor does not have is missing, as far as the stored index can say: a
/// fetch that finds nothing names it, so that `reader open 99999` does not read as a broken
/// mirror or network.
extension Reader {
    /// For a key `rfc/N` nothing was found at: that N was never issued, or that the stored
    /// index ends before it (an index older than the RFC, or a number not yet given). Nil when
    /// the index is not stored, lists N as issued, or the key is not an RFC's.
    func absence(of key: String) -> String? {
        let prefix = Self.rfcRequestType + "/"
        guard key.hasPrefix(prefix), let number = Int(key.dropFirst(prefix.count)),
            (try? store.entry(Self.indexRequestKey)) != nil
        else { return nil }
        if let entry = try? indexEntry(rfc: number) {
            return entry.fields["notIssued"] == .bool(true) ? "RFC \(number) was never issued (the RFC index says \"Not Issued\")" : nil
        }
        var last = 0
        try? forEachIndexEntry { entry in
            last = max(last, Int(entry.id) ?? 0)
            return true
        }
        return "RFC \(number) is not in the stored RFC index, whose last is RFC \(last) ('reader fetch rfc-index' brings it up to date)"
    }
}
