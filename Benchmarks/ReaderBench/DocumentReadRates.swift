import DocumentJSON
import Foundation
import RFCIndex
import RFCText
import ReaderPluginAPI

/// Reading stored documents back, as `list`, `search`, `open` without a kept view and a fetch
/// of the index over a stored one do: the direct reader (`DocumentCodec.decode`) against
/// `JSONDecoder`, which the store used before, on the same bytes.
func documentReadRates() throws {
    let index = try RFCIndexModule().parse(ParseInput(bytes: bytes("rfc/rfc-index.txt"), requestType: "rfc-index", key: "rfc-index"))
    let rfcs = try corpusRFCs.map { name in
        try RFCTextModule().parse(ParseInput(bytes: bytes("rfc/\(name).txt"), requestType: "rfc", key: "rfc/\(name.dropFirst(3))"))
    }
    for (name, documents) in [("document read (rfc-index)", [index]), ("document read (6 RFCs)", rfcs)] {
        let texts = documents.map { DocumentCodec.encode($0) }
        for (document, text) in zip(documents, texts) {
            guard try DocumentCodec.decode(text) == document else {
                throw BenchError("\(name): \(document.key) does not read back as itself")
            }
        }
        let total = texts.reduce(0) { $0 + $1.count }
        let direct = try best { for text in texts { _ = try DocumentCodec.decode(text) } }
        let decoder = try best { for text in texts { _ = try JSONDecoder().decode(Document.self, from: Data(text)) } }
        line(name, rate: Double(total) / direct / 1e6, reference: "JSONDecoder", referenceRate: Double(total) / decoder / 1e6)
    }
}
