import Foundation
import ObjectStorage
import ReaderTestHarness
import Testing

/// Notes, tags and marks through `push` and `pull` against moto's S3 server: two people
/// annotate the same document and push at once; nothing either wrote is lost.
@Suite(.serialized) struct RemoteNotesTests {
    @Test func twoStoresPushingNotesAtOnceLoseNone() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        var people: [ReaderBinary] = []
        var written = Set<String>()
        for person in 0..<2 {
            let reader = try moto.reader(try temporaryFolder("annotator"), site: site)
            let fetch = try await reader.measure(["fetch", "rfc", "1-2"])
            #expect(fetch.status == 0, "\(fetch)")
            // Each writes notes of their own on the same document, and a tag.
            for index in 0..<6 {
                let text = "person \(person) note \(index)"
                let note = try await reader.measure(["note", "1", text])
                #expect(note.status == 0, "\(note)")
                written.insert(text)
            }
            #expect(try await reader.measure(["tag", "1", "+from-\(person)"]).status == 0)
            people.append(reader)
        }
        let running = try people.map { try $0.spawn(["push", "--jobs", "2"]) }
        for process in running {
            let exit = try await process.wait(timeout: 300)
            #expect(exit.status == 0, "\(exit)")
        }
        // A third store, and each of the two, pulls: every note of both is there.
        let third = try moto.reader(try temporaryFolder("notes-pulled"))
        for reader in people + [third] {
            let pull = try await reader.measure(["pull"])
            #expect(pull.status == 0, "\(pull)")
            let notes = try await reader.measure(["notes", "1", "--json"])
            #expect(notes.status == 0, "\(notes)")
            let texts = Set((jsonArray(notes.stdout) ?? []).compactMap { ($0 as? [String: Any])?["text"] as? String })
            print("remote notes: 2 stores pushing 6 notes each at once: \(texts.count) of \(written.count) notes after a pull")
            #expect(texts == written, "missing: \(written.subtracting(texts).sorted())")
            // The pulled notes went into the full-text index: `find` names them, `verify` is content.
            let found = try await reader.measure(["find", "person", "note", "--limit", "20", "--json"])
            let noted = Set(
                (jsonArray(found.stdout) ?? []).compactMap { (($0 as? [String: Any])?["note"] as? [String: Any])?["text"] as? String })
            #expect(noted == written, "\(found)")
            let verify = try await reader.measure(["cache", "verify"])
            #expect(verify.status == 0 && !verify.stdout.contains("lacks the note"), "\(verify)")
            let tagged = try await reader.measure(["cache", "ls", "--tag", "from-0", "--json"])
            #expect(tagged.stdout.contains("\"rfc/1\""), "\(tagged)")
            let other = try await reader.measure(["cache", "ls", "--tag", "from-1", "--json"])
            #expect(other.stdout.contains("\"rfc/1\""), "\(other)")
        }
    }

    /// Objects under the remote's `annotations/` that are not a record — bytes that do not hash
    /// to their name, a record filed under another document, something too long to be one — are
    /// refused and counted by a pull; the store keeps none of them.
    @Test func aPulledRecordThatIsNotOneIsRefused() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        let mine = try moto.reader(try temporaryFolder("annotator"), site: site)
        #expect(try await mine.measure(["fetch", "rfc", "1"]).status == 0)
        #expect(try await mine.measure(["note", "1", "a real note"]).status == 0)
        #expect(try await mine.measure(["push"]).status == 0)
        let client = moto.client()
        let document = String(repeating: "0", count: 16)
        let forged = Array(#"{"at":"2026-11-26T00:00:00.000Z","key":"rfc/1","kind":"note","nonce":"x","text":"forged"}"#.utf8)
        _ = try await client.put("shared/annotations/\(document)/" + String(repeating: "a", count: 64), forged)
        _ = try await client.put(
            "shared/annotations/\(document)/" + String(repeating: "b", count: 64), Array(repeating: 0x20, count: 1 << 20))
        await client.shutdown()

        let theirs = try temporaryFolder("notes-hostile")
        let other = try moto.reader(theirs)
        let pull = try await other.measure(["pull", "--json"])
        #expect(pull.status == 0, "\(pull)")
        let result = try JSONSerialization.jsonObject(with: Data(pull.stdout.utf8)) as? [String: Any]
        #expect(result?["annotations"] as? Int == 1 && result?["annotationsRefused"] as? Int == 2, "\(pull)")
        let notes = try await other.measure(["notes", "1", "--json"])
        #expect(notes.stdout.contains("a real note") && !notes.stdout.contains("forged"), "\(notes)")
        #expect(!FileManager.default.fileExists(atPath: theirs + "/annotations/\(document)"))
    }

    private func jsonArray(_ text: String) -> [Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
    }
}
