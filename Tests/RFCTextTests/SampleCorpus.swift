import Foundation
import RFCIndex
import ReaderPluginAPI
import ReaderTestSupport

@testable import RFCText

/// The 1,067 sample RFCs of `Tests/Corpus/rfc-sample` (every ninth RFC, 1969 to 2025), each
/// parsed once through the module as the engine parses a fetched `rfc/N`, and the index's
/// title for each. Half of them (every other file by number) is held out: measured, never
/// looked at while tuning the front matter.
enum SampleCorpus {
    struct Parsed: Sendable {
        var number: Int
        /// The document's title, or why the module refused the text.
        var outcome: Result<String, ParseError>
        var notes: [String]
        var blockCount: Int
        var heldOut: Bool
        /// Its citations of another RFC's section (`cites` relations with a target section).
        var sectionCitations: [Relation] = []
        /// How many of them cite by a reference label (`Section 15.4 of [HTTP]`).
        var byLabel = 0
    }

    static let parsed: [Parsed] = {
        let folder = Corpus.url("rfc-sample/rfc")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let numbers = names.compactMap { name -> Int? in
            guard name.hasPrefix("rfc"), name.hasSuffix(".txt.gz") else { return nil }
            return Int(name.dropFirst(3).dropLast(7))
        }.sorted()
        let module = RFCTextModule()
        return numbers.enumerated().map { position, number in
            let heldOut = position % 2 == 1
            do {
                let bytes = try Inflate.bytes(try Corpus.bytes("rfc-sample/rfc/rfc\(number).txt.gz"), gzip: true)
                let input = ParseInput(bytes: bytes, requestType: "rfc", key: "rfc/\(number)", mediaType: "text/plain")
                let document = try module.parse(input)
                return Parsed(
                    number: number, outcome: .success(document.title), notes: document.notes, blockCount: document.blocks.count,
                    heldOut: heldOut, sectionCitations: document.relations.filter { $0.type == "cites" && $0.targetSection != nil },
                    byLabel: Set(
                        LabelCitations.find(in: document.blocks, own: number).filter { $0.targetSection != nil }.map {
                            "\($0.number) \($0.section ?? "") \($0.targetSection ?? "")"
                        }
                    ).count)
            } catch let error as ParseError {
                return Parsed(number: number, outcome: .failure(error), notes: [], blockCount: 0, heldOut: heldOut)
            } catch {
                return Parsed(
                    number: number, outcome: .failure(ParseError(module: "test", reason: "\(error)")), notes: [], blockCount: 0,
                    heldOut: heldOut)
            }
        }
    }()

    /// The RFC Editor's titles, from the index in `Tests/Corpus/rfc`.
    static let indexTitles: [Int: String] = {
        guard let bytes = try? Corpus.bytes("rfc/rfc-index.txt"),
            let index = try? RFCIndexModule().parse(ParseInput(bytes: bytes, requestType: "rfc-index", key: "rfc-index"))
        else { return [:] }
        var titles: [Int: String] = [:]
        for entry in index.entries { if let number = Int(entry.id) { titles[number] = entry.title } }
        return titles
    }()

    /// A title with case, punctuation and spacing folded away: what two spellings of one
    /// title share (`Telnet Protocol Specification` and `TELNET PROTOCOL SPECIFICATION.`).
    static func folded(_ title: String) -> String {
        String(title.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
