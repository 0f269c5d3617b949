import Foundation
import ReaderBuiltins
import ReaderPluginAPI
import ReaderRendering
import ReaderTestSupport
import Testing

/// The share of errata reports whose `orig_text` is found in their RFC (`placed: text`), by
/// status, on the 1,067 sample RFCs of `../shared/corpus/rfc-sample` with the RFC Editor's
/// whole errata file; RFCs whose number ends in 7 are held out (never looked at to tune the
/// placement) and counted apart. Run by hand, with the corpus named:
/// `READER_SHARED_CORPUS=/work/shared/corpus swift test --filter ErrataPlacementMeasureTests`.
@Suite struct ErrataPlacementMeasureTests {
    static let corpus = ProcessInfo.processInfo.environment["READER_SHARED_CORPUS"]

    struct Tally {
        var counts: [String: (placed: Int, all: Int)] = [:]
        mutating func add(_ status: String, _ placed: Bool) {
            var count = counts[status] ?? (0, 0)
            count.all += 1
            if placed { count.placed += 1 }
            counts[status] = count
        }
        var line: String {
            let total = counts.values.reduce((0, 0)) { ($0.0 + $1.placed, $0.1 + $1.all) }
            let parts = counts.keys.sorted().map { status in
                let count = counts[status] ?? (0, 0)
                return "\(status) \(count.placed)/\(count.all) (\(percent(count.placed, count.all)))"
            }
            return "all \(total.0)/\(total.1) (\(percent(total.0, total.1))); " + parts.joined(separator: ", ")
        }
        var share: Double {
            let total = counts.values.reduce((0, 0)) { ($0.0 + $1.placed, $0.1 + $1.all) }
            return total.1 == 0 ? 0 : Double(total.0) / Double(total.1)
        }
        func percent(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "-" : String(format: "%.1f %%", Double(part) * 100 / Double(whole))
        }
    }

    @Test(.enabled(if: corpus != nil)) func theShareOfQuotesFoundInTheSampleRFCs() throws {
        let corpus = try #require(Self.corpus)
        let errataModule = try #require(builtinModules.first { $0.descriptor.requestTypes.contains("errata") })
        let rfcModule = try #require(builtinModules.first { $0.descriptor.requestTypes.contains("rfc") })
        let raw = try Inflate.bytes(Array(try Data(contentsOf: URL(fileURLWithPath: "\(corpus)/errata/errata.json.gz"))), gzip: true)
        let errata = try errataModule.parse(ParseInput(bytes: raw, requestType: "errata", key: "errata"))
        let byTarget = Dictionary(grouping: errata.annotations.filter { $0.quote != nil }, by: \.target)
        var tuned = Tally()
        var heldOut = Tally()
        var misses: [String] = []
        let folder = "\(corpus)/rfc-sample/rfc"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".txt.gz") {
            let number = String(file.dropFirst(3).dropLast(7))
            guard let annotations = byTarget["rfc/\(number)"] else { continue }
            let bytes = try Inflate.bytes(Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)"))), gzip: true)
            guard let document = try? rfcModule.parse(ParseInput(bytes: bytes, requestType: "rfc", key: "rfc/\(number)")) else {
                continue
            }
            let placement = AnnotationPlacement(document)
            for annotation in annotations {
                let placed = placement.place(annotation, set: "errata").place == .text
                if number.hasSuffix("7") {
                    heldOut.add(annotation.status, placed)
                } else {
                    tuned.add(annotation.status, placed)
                    if !placed { misses.append("\(number) #\(annotation.id): \(annotation.quote?.prefix(160) ?? "")") }
                }
            }
        }
        print("errata placed by their text, tuned on: \(tuned.line)")
        print("errata placed by their text, held out (RFCs ending in 7): \(heldOut.line)")
        for miss in misses.enumerated().filter({ $0.offset % max(1, misses.count / 25) == 0 }).map(\.element).prefix(25) {
            print("miss: \(miss.replacingOccurrences(of: "\n", with: "⏎"))")
        }
        #expect(tuned.share > 0.6)
        #expect(heldOut.share > 0.6)
    }
}
