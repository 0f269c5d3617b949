import ReaderPluginAPI

/// `reader fetch rfc all`: every issued RFC the stored index lists, as a mirror holds them.
extension Reader {
    /// The request type of one RFC's text, whose documents the index describes.
    public static let rfcRequestType = "rfc"

    /// The word after `rfc` that asks for every RFC.
    public static let everyRFCWord = "all"

    /// A request for each issued RFC of the stored index, in the index's order (a "Not Issued"
    /// number has no text to fetch). The index is fetched first when it is not stored — with
    /// `--offline` that is the contract's "not in the store" instead. A mirror resumes by
    /// itself: the RFCs already stored are skipped by the fetch, as for any request.
    public func everyIssuedRFC() async throws -> [Request] {
        let (_, location) = try locate(Self.indexRequestType, "")
        if try store.entry(location.key) == nil {
            guard !configuration.offline else {
                throw ReaderError.notStored(key: location.key, command: "reader fetch \(Self.indexRequestType)")
            }
            try await fetch(.source(type: Self.indexRequestType, argument: ""))
        }
        var requests: [Request] = []
        try forEachIndexEntry { entry in
            if entry.fields["notIssued"] != .bool(true) {
                requests.append(.source(type: Self.rfcRequestType, argument: entry.id))
            }
            return true
        }
        return requests
    }
}
