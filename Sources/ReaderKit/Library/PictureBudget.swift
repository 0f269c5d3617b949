/// How many of a document's pictures are kept, and how large they may be: each budget said in
/// one line when it is hit, the document itself stored whatever its pictures do.
/// The command line sets them from `--no-pictures` and the environment
/// (`READER_PICTURE_MB`, `READER_PAGE_PICTURES_MB`, `READER_PAGE_PICTURES`).
public struct PictureBudget: Sendable, Equatable {
    /// Whether pictures are fetched at all (`--no-pictures`: not).
    public var enabled = true
    /// The most bytes one picture may have (5 MiB).
    public var bytesPerPicture = 5 << 20
    /// The most bytes the pictures of one document may have together (20 MiB).
    public var bytesPerDocument = 20 << 20
    /// The most pictures of one document fetched (100); the rest stay links. 0 is
    /// `--no-pictures`.
    public var picturesPerDocument = 100
    /// The most pixels a picture may declare (50 million: 8,000 × 6,000 and then some). A
    /// small file may declare a picture that takes gigabytes to draw (a decompression bomb).
    public var pixelsPerPicture = 50_000_000

    public init() {}

    /// `5 MiB`, as the lines that say a budget was hit write it.
    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
