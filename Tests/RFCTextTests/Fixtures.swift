import ReaderPluginAPI
import ReaderTestSupport

@testable import RFCText

/// The six RFCs of the corpus, parsed as the engine would parse a fetched `rfc/N`.
enum Fixtures {
    static let numbers = [1, 793, 2616, 3986, 8446, 9110]

    static func raw(_ number: Int) throws -> String {
        try Corpus.text("rfc/rfc\(number).txt")
    }

    static func document(_ number: Int) throws -> Document {
        let bytes = try Corpus.bytes("rfc/rfc\(number).txt")
        return try RFCTextModule().parse(ParseInput(bytes: bytes, requestType: "rfc", key: "rfc/\(number)", mediaType: "text/plain"))
    }

    static func parse(_ text: String, key: String = "rfc/99999") throws -> Document {
        try RFCTextModule().parse(ParseInput(bytes: Array(text.utf8), requestType: "rfc", key: key))
    }
}

extension Document {
    /// The lines of the plain text.
    var textLines: [Substring] { plainText.split(separator: "\n", omittingEmptySubsequences: false) }

    /// `extra["sections"]` as (number, title) pairs.
    var sectionPairs: [Pair] {
        (extra["sections"]?.arrayValue ?? []).map { Pair($0["number"]?.stringValue, $0["title"]?.stringValue ?? "") }
    }

    var referenceNumbers: [Int] { (extra["references"]?.arrayValue ?? []).compactMap(\.intValue) }

    /// Every block, lists and quotes opened.
    var allBlocks: [Block] {
        func open(_ block: Block) -> [Block] {
            switch block {
            case .list(_, let items): return [block] + items.flatMap { $0.flatMap(open) }
            case .quote(let inner): return [block] + inner.flatMap(open)
            default: return [block]
            }
        }
        return blocks.flatMap(open)
    }

    var preformattedTexts: [String] {
        allBlocks.compactMap { if case .preformatted(let text, _) = $0 { return text } else { return nil } }
    }

    var paragraphTexts: [String] {
        allBlocks.compactMap { if case .paragraph(let inlines) = $0 { return inlines.plainText } else { return nil } }
    }
}

/// A section number and title, comparable in expectations.
struct Pair: Hashable, CustomStringConvertible {
    var number: String?
    var title: String
    init(_ number: String?, _ title: String) {
        self.number = number
        self.title = title
    }
    var description: String { "\(number ?? "-") \(title)" }
}
