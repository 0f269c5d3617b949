import Foundation
import ReaderTestHarness
import Testing

/// Damage done from outside (a disk, an editor, a bad copy) to blobs and to the catalog of a
/// store holding a document of every source. For each: `cache verify` names it, `open` exits
/// 6 naming it, `gc` deletes no blob the catalog names, and fetching the same key repairs it
/// without losing any other entry.
@Suite struct CorruptionTests {
    enum Damage: String, CaseIterable, Sendable {
        case flippedBit, truncated, zeroBytes, deleted, trailingGarbage, otherBlobsContent
        case catalogCutInHalf, catalogNotJSON, catalogEmpty, catalogNamesMissingBlob, catalogNamesPath
        /// Deleted while `catalog.prev.json` stays: not a new store, whose `gc` may take every blob.
        case catalogDeleted
        var isCatalog: Bool { rawValue.hasPrefix("catalog") }
    }

    enum Role: String, Sendable { case raw, document }

    struct Case: Sendable, CustomStringConvertible {
        var damage: Damage
        var document: AllSources.Document
        var role: Role
        var description: String { "\(damage) of \(document.name)\(damage.isCatalog ? "" : " \(role) blob")" }
    }

    /// Every blob damage on the RFC's two blobs; flipped bits and deletions on every source's;
    /// every catalog damage.
    static func cases(_ sources: AllSources) -> [Case] {
        var cases: [Case] = []
        let rfc = sources.documents[0]
        for damage in Damage.allCases where !damage.isCatalog {
            cases += [Case(damage: damage, document: rfc, role: .document), Case(damage: damage, document: rfc, role: .raw)]
        }
        for document in sources.documents.dropFirst() {
            for damage in [Damage.flippedBit, .deleted] {
                cases += [Case(damage: damage, document: document, role: .document), Case(damage: damage, document: document, role: .raw)]
            }
        }
        for damage in Damage.allCases where damage.isCatalog { cases.append(Case(damage: damage, document: rfc, role: .document)) }
        return cases
    }

    @Test func everyDamageIsNamedRefusedKeptByGcAndRepairedByAFetch() async throws {
        let sources = try await AllSources.shared()
        let cases = Self.cases(sources)
        var failures: [String] = []
        var caught = 0
        var repaired = 0
        var lost = 0
        try await withThrowingTaskGroup(of: (Case, Outcome).self) { group in
            var pending = cases[...]
            for _ in 0..<2 {
                if let next = pending.popFirst() { group.addTask { (next, try await Self.run(next, sources)) } }
            }
            for try await (done, outcome) in group {
                if outcome.caught { caught += 1 }
                if outcome.repaired { repaired += 1 }
                lost += outcome.lost
                failures += outcome.failures.map { "\(done): \($0)" }
                if let next = pending.popFirst() { group.addTask { (next, try await Self.run(next, sources)) } }
            }
        }
        print("corrupt inputs: \(cases.count) tried, \(caught) caught, \(repaired) repaired by a fetch; entries lost: \(lost)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(caught == cases.count)
        #expect(repaired == cases.count)
        #expect(lost == 0)
    }

    struct Outcome: Sendable {
        var caught = false
        var repaired = false
        var lost = 0
        var failures: [String] = []
    }

    static func run(_ test: Case, _ sources: AllSources) async throws -> Outcome {
        var outcome = Outcome()
        let store = try await sources.filledStore()
        let reader = try sources.reader(store: store)
        let blobs = try #require(catalogBlobs(store, key: test.document.key))
        var named = StoreAudit(store).goodBlobs
        let target = test.role == .raw ? blobs.raw : blobs.document
        // What the messages must name: the blob, or the catalog file.
        let name = test.damage.isCatalog ? "catalog" : target
        try damage(test.damage, blob: target, store: store)
        // A catalog that names another blob instead no longer names this one: gc may take it.
        if test.damage == .catalogNamesMissingBlob { named.remove(target) }
        let unreadableCatalog = test.damage.isCatalog && test.damage != .catalogNamesMissingBlob
        let damaged = StoreSnapshot(store)

        let verify = try await reader.measure(["cache", "verify"])
        let verifyNames = test.damage == .catalogNamesMissingBlob ? test.document.key : name
        let verifyCaught = verify.status == 6 && verify.stdout.contains(verifyNames)
        if !verifyCaught { outcome.failures.append("verify did not name \(verifyNames): \(verify)") }

        // `open` reads the document blob (and the catalog); damage to the raw blob alone leaves
        // the document readable, and `verify` and `fetch` deal with it.
        let open = try await reader.measure(["open", test.document.open, "--offline", "--format", "json"])
        let openCaught: Bool
        if test.role == .raw && !test.damage.isCatalog {
            openCaught = open.status == 0 && jsonObject(open.stdout) != nil
        } else {
            let missing = test.damage == .catalogNamesMissingBlob ? "0000000000" : name
            openCaught = open.status == 6 && open.stderr.contains(missing) && open.stderr.split(separator: "\n").count == 1
        }
        if !openCaught { outcome.failures.append("open: \(open)") }
        outcome.caught = verifyCaught && openCaught

        let gc = try await reader.measure(["cache", "gc"])
        if unreadableCatalog {
            // It cannot know what is named: it must refuse and touch nothing.
            if gc.status != 6 || StoreSnapshot(store) != damaged {
                outcome.failures.append("gc on a damaged catalog: \(gc); \(StoreSnapshot(store).difference(from: damaged))")
            }
        } else {
            let gone = named.filter { $0 != target && !FileManager.default.fileExists(atPath: ContractBlobs.path(store, $0)) }
            let keptDamaged =
                test.damage == .deleted || test.damage.isCatalog
                || FileManager.default.fileExists(atPath: ContractBlobs.path(store, target))
            if gc.status != 0 || !gone.isEmpty || !keptDamaged {
                outcome.failures.append("gc deleted named blobs \(gone) (damaged one kept: \(keptDamaged)): \(gc)")
            }
        }

        let fetch = try await reader.measure(["fetch"] + test.document.fetch)
        let after = try await reader.measure(["cache", "verify"])
        let audit = StoreAudit(store)
        outcome.repaired = fetch.status == 0 && after.status == 0 && audit.isClean
        if !outcome.repaired { outcome.failures.append("fetch did not repair: \(fetch)\nverify: \(after)\naudit: \(audit)") }
        for document in sources.documents {
            let reopened = try await reader.measure(["open", document.open, "--offline", "--format", "json"])
            if reopened.status != 0 || jsonObject(reopened.stdout) == nil {
                outcome.lost += 1
                outcome.failures.append("\(document.key) does not open after the repair: \(reopened)")
            }
        }
        return outcome
    }

    static func damage(_ damage: Damage, blob: String, store: String) throws {
        let path = ContractBlobs.path(store, blob)
        let catalog = store + "/catalog.json"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damage.isCatalog ? catalog : path))
        switch damage {
        case .flippedBit: bytes[bytes.count / 2] ^= 0x08
        case .truncated: bytes = bytes.prefix(bytes.count / 2)
        case .zeroBytes: bytes = Data()
        case .deleted: return try FileManager.default.removeItem(atPath: path)
        case .catalogDeleted: return try FileManager.default.removeItem(atPath: catalog)
        case .trailingGarbage: bytes += Data("appended by someone else".utf8)
        case .otherBlobsContent: bytes = Data(ContractBlobs.compress(Array("another blob's content".utf8)))
        case .catalogCutInHalf: bytes = bytes.prefix(bytes.count / 2)
        case .catalogNotJSON: bytes = Data("<html><body>502 Bad Gateway</body></html>\n".utf8)
        case .catalogEmpty: bytes = Data()
        case .catalogNamesMissingBlob, .catalogNamesPath:
            // Edited in place, so the layout stays whatever `reader` wrote.
            let text = String(decoding: bytes, as: UTF8.self)
            let replacement = damage == .catalogNamesMissingBlob ? String(repeating: "0", count: 64) : "../../../../../../etc/passwd"
            bytes = Data(text.replacingOccurrences(of: blob, with: replacement).utf8)
        }
        try bytes.write(to: URL(fileURLWithPath: damage.isCatalog ? catalog : path))
    }
}
