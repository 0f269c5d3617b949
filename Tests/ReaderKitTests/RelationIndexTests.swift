import ReaderBuiltins
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport
import Testing

@testable import ReaderCatalog
@testable import ReaderStore

/// The relation index keeps a row per subject, type and target, the places of each in one
/// column (``RelationGroup``): what `refs` reads back must still be every relation the module
/// told, once each, in its order, with its sections.
@Suite struct RelationIndexTests {
    let store: Store

    init() throws {
        store = Store(root: try temporaryFolder("relation-index"))
    }

    func commit(_ document: Document, raw: [UInt8]) throws {
        _ = try store.commit(key: document.key, raw: raw, document: document) { rawID, documentID in
            CatalogEntry(
                requestType: "rfc", url: "http://127.0.0.1/\(document.key)", raw: rawID, document: documentID,
                mediaType: "text/plain", charset: nil, fetchedAt: "2026-11-26T00:00:00Z", etag: nil, lastModified: nil,
                module: "rfc-text", moduleVersion: "1", size: raw.count, title: document.title)
        }
    }

    /// The relations as the index should give them back: each once, an empty section none.
    func expected(_ document: Document) -> [IndexedRelation] {
        var seen: Set<IndexedRelation> = []
        return document.relations.compactMap { relation in
            let row = IndexedRelation(
                subject: relation.subject ?? document.key, type: relation.type, target: relation.target,
                section: relation.section.flatMap { $0.isEmpty ? nil : $0 },
                targetSection: relation.targetSection.flatMap { $0.isEmpty ? nil : $0 })
            return seen.insert(row).inserted ? row : nil
        }
    }

    @Test func aRealRFCsCitationsReadBackAsTheModuleToldThem() throws {
        // RFC 9110 cites RFC 9111 and others from dozens of sections each: many places per row.
        let raw = try Corpus.bytes("rfc/rfc9110.txt")
        let module = try #require(builtinModules.first { $0.descriptor.requestTypes.contains("rfc") && $0.descriptor.name == "rfc-text" })
        let document = try module.parse(ParseInput(bytes: raw, requestType: "rfc", key: "rfc/9110", mediaType: "text/plain"))
        let cited = Dictionary(grouping: document.relations.filter { $0.type == "cites" }, by: \.target)
        #expect(cited.values.contains { Set($0.map(\.section)).count >= 10 }, "no RFC cited from ten sections")
        try commit(document, raw: raw)

        let read = try store.relations(of: "rfc/9110")
        #expect(read.outgoing == expected(document))
        #expect(read.outgoing.count > 100)
        // And from the other side: who cites 9111, and from where, as the document told it.
        let incoming = try store.relations(of: "rfc/9111").incoming
        #expect(incoming == expected(document).filter { $0.target == "rfc/9111" })
    }

    @Test func placesKeepTheirSectionsWhateverTheyHold() throws {
        // Synthetic edge: sections a third-party module might write — empty (none), repeated,
        // holding the separators the index uses between places.
        let document = Document(
            source: "test", key: "test/a", title: "A", blocks: [.text("a")],
            relations: [
                Relation(.cites, target: "test/b", section: "1", targetSection: "2"),
                Relation(.cites, target: "test/c"),
                Relation(.cites, target: "test/b", section: "", targetSection: nil),
                Relation(.cites, target: "test/b", section: "1", targetSection: "2"),
                Relation(.cites, target: "test/b", section: "3\u{1E}4\u{1F}5", targetSection: "6"),
                Relation(.links, target: "test/b", section: "1"),
            ])
        try commit(document, raw: Array("a".utf8))
        let read = try store.relations(of: "test/a").outgoing
        #expect(
            read == [
                IndexedRelation(subject: "test/a", type: "cites", target: "test/b", section: "1", targetSection: "2"),
                IndexedRelation(subject: "test/a", type: "cites", target: "test/c", section: nil, targetSection: nil),
                IndexedRelation(subject: "test/a", type: "cites", target: "test/b", section: nil, targetSection: nil),
                IndexedRelation(subject: "test/a", type: "cites", target: "test/b", section: "345", targetSection: "6"),
                IndexedRelation(subject: "test/a", type: "links", target: "test/b", section: "1", targetSection: nil),
            ])
    }
}
