import DocumentJSON
import Foundation
import RFCIndex
import ReaderPluginAPI

/// Writing a stored document, as a fetch does (in pieces, ``DocumentCodec/write``), against
/// `JSONEncoder` on the same document. The RFC index's 9,816 entries are written on two
/// threads in rounds (Sources/DocumentJSON/EntryRounds.swift); its fetch waits for this.
func documentWriteRates() throws {
    let index = try RFCIndexModule().parse(ParseInput(bytes: bytes("rfc/rfc-index.txt"), requestType: "rfc-index", key: "rfc-index"))
    var total = 0
    let written = best {
        total = 0
        DocumentCodec.write(index) { total += $0.count }
    }
    guard DocumentCodec.encode(index).count == total else { throw BenchError("document write: the pieces are not the document") }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let reference = try best { _ = try encoder.encode(index) }
    line(
        "document write (rfc-index)", rate: Double(total) / written / 1e6, reference: "JSONEncoder",
        referenceRate: Double(total) / reference / 1e6)
}
