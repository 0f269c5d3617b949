/// A block of the body while it is being built: its text still points into the source bytes,
/// so that nothing is copied until the layout is known.
///
/// Not `indirect`: the cases that hold nodes hold them in arrays, which are references already.
/// Indirect, every node was a box of its own on the heap: 400,000 of a mirror's 3.5 million
/// allocations (the 1,067 sample RFCs), each a turn at the allocator's lock.
enum Node: Sendable {
    case heading(level: Int, number: String?, title: String)
    /// Text to reflow into one line; each segment is one source line's text.
    case paragraph(segments: [Range<Int>], strong: Bool)
    /// Lines kept as written; parts are blocks of lines that were split by blank lines.
    case verbatim([VerbatimPart])
    case quote([Node])
    case list(ordered: Bool, items: [[Node]])
}

struct VerbatimPart: Sendable {
    var lines: [TextLine]
    /// Blank lines before this part, inside the block.
    var blanksBefore: Int
    /// Whether the lines are a drawing (not only ragged text).
    var drawn = false
}

/// A run of lines between blank lines.
struct Chunk {
    var lines: Range<Int>
    var blanksBefore: Int
}

/// An open list while its items are gathered.
struct ListFrame {
    var markerIndent: Int
    var ordered: Bool
    var items: [[Node]]
}
