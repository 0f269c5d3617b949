import ReaderPluginAPI

@testable import RFCText

extension LabelCitations {
    /// The citations by label in a parsed document's blocks, read as the block writer reads
    /// them while it writes the blocks: for the sample corpus's count of citations by label,
    /// which the document's relations do not tell apart from the others.
    static func find(in blocks: [Block], own: Int) -> [BlockWriter.Citation] {
        var reader = LabelCitations(own: own)
        var section: String?
        func read(_ block: Block) {
            switch block {
            case .heading(_, let number, let title):
                if let number { section = number }
                reader.heading(title)
            case .paragraph(let inlines):
                let bytes = Array(inlines.map(\.text).joined().utf8)
                if bytes.contains(UInt8(ascii: "[")) { reader.paragraph(bytes, mentions: RFCMention.find(in: bytes), section: section) }
            case .list(_, let items): items.forEach { $0.forEach(read) }
            case .quote(let inner): inner.forEach(read)
            default: break
            }
        }
        blocks.forEach(read)
        return reader.citations
    }
}
