import ReaderSupport

extension Reader {
    /// A stored picture by its blob's name (what a document's picture names): its bytes and
    /// what they are. Nil when the name is no blob name, no such blob is stored, or its bytes
    /// are no picture — so what is served as a picture is one, whatever asked for it.
    public func storedPicture(_ name: String) throws -> (bytes: [UInt8], format: PictureFormat)? {
        guard let id = BlobID(hex: name), store.blobs.contains(id) else { return nil }
        let bytes = try store.blobs.get(id)
        guard let format = PictureFormat.of(bytes) else { return nil }
        return (bytes, format)
    }
}
