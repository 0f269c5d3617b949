import Foundation
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import Drafts

/// The module over every version of `../shared/corpus/drafts` (193, gzipped): how many parse,
/// and how many titles, names, versions, intended statuses and expiry dates agree with what a
/// regular expression reads from the raw text. Run by hand, with the folder named:
/// `READER_DRAFTS_CORPUS=/path/to/corpus/drafts swift test --filter CorpusMeasureTests`.
@Suite struct CorpusMeasureTests {
    static let folder = ProcessInfo.processInfo.environment["READER_DRAFTS_CORPUS"]

    @Test(.enabled(if: folder != nil)) func everyCorpusVersion() throws {
        let folder = try #require(Self.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".txt.gz") }.sorted()
        var parsed = 0
        var parsedAsFetched = 0
        var counts: [String: Int] = [:]
        var misses: [String] = []
        for file in names {
            let key = String(file.dropLast(7))
            let raw = try Inflate.bytes(Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)"))), gzip: true)
            let fetched = ParseInput(bytes: raw, requestType: "draft", key: key, url: "https://www.ietf.org/archive/id/\(key).txt")
            if (try? DraftsModule().parse(fetched))?.key == key { parsedAsFetched += 1 }
            // Parsed as fetched from nowhere that names it: the name must come from the text.
            guard
                let document = try? DraftsModule().parse(
                    ParseInput(bytes: raw, requestType: "draft", key: "https://example.org/doc.txt"))
            else {
                misses.append("\(key): not parsed")
                continue
            }
            parsed += 1
            let truth = Truth(String(decoding: raw, as: UTF8.self))
            func check(_ field: String, _ ok: Bool, _ got: String?) {
                if ok { counts[field, default: 0] += 1 } else { misses.append("\(key) \(field): \(got ?? "nil")") }
            }
            check("key", document.key == key, document.key)
            check("name", document.extra["name"]?.stringValue == String(key.dropLast(3)), document.extra["name"]?.stringValue)
            check("version", document.extra["version"]?.stringValue == String(key.suffix(2)), document.extra["version"]?.stringValue)
            check("title", truth.title.map { Truth.squeeze($0) == Truth.squeeze(document.title) } ?? false, document.title)
            check(
                "intendedStatus", document.extra["intendedStatus"]?.stringValue == truth.status,
                document.extra["intendedStatus"]?.stringValue)
            check("expires", document.extra["expires"]?.stringValue == truth.expires, document.extra["expires"]?.stringValue)
            check("sections", (document.extra["sections"]?.arrayValue?.count ?? 0) >= 3, nil)
        }
        print(
            "drafts: \(parsedAsFetched) of \(names.count) parsed as fetched; \(parsed) named by their own text; "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        for miss in misses { print("  \(miss)") }
        #expect(parsedAsFetched == names.count)
    }

    /// What a draft's first page says, read with regular expressions, independently of the module.
    struct Truth {
        var title: String?
        var status: String?
        var expires: String?

        init(_ text: String) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: .whitespacesAndNewlines.union(.init(charactersIn: "\u{FEFF}")))
            }
            let head = Array(lines.prefix(60))
            if let nameLine = head.firstIndex(where: { $0.wholeMatch(of: /draft-[a-z0-9-]+-[0-9]{2}(\.txt)?/) != nil }) {
                var start = nameLine
                while start > 0, !head[start - 1].isEmpty { start -= 1 }
                title = head[start..<nameLine].joined(separator: " ")
            }
            for line in head.prefix(30) {
                if status == nil, let match = line.firstMatch(of: /^(?i:intended status|category):\s*(.+?)(\s{3,}.*)?$/) {
                    status = String(match.1).replacingOccurrences(of: "(if approved)", with: "").trimmingCharacters(in: .whitespaces)
                }
                if expires == nil, let match = line.firstMatch(of: /^(?i:expires):?\s*(.+?)(\s{3,}.*)?$/) {
                    expires = Truth.iso(String(match.1)) ?? String(match.1)
                }
            }
        }

        static func squeeze(_ text: String) -> String { text.split(separator: " ").joined(separator: " ") }

        /// `January 19, 2018`, `19 January 2018` → `2018-01-19`; `January 2018` → `2018-01`.
        static func iso(_ text: String) -> String? {
            let months = [
                "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
            ]
            let words = text.lowercased().split { $0 == " " || $0 == "," }.map(String.init)
            guard let monthIndex = words.firstIndex(where: { months.contains($0) }), let year = words.last, year.count == 4,
                let month = months.firstIndex(of: words[monthIndex]).map({ $0 + 1 })
            else { return nil }
            let day = words.first { $0.count <= 2 && Int($0) != nil }.flatMap { Int($0) }
            let mm = month < 10 ? "0\(month)" : "\(month)"
            guard let day else { return "\(year)-\(mm)" }
            return "\(year)-\(mm)-\(day < 10 ? "0\(day)" : "\(day)")"
        }
    }
}
