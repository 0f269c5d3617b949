import Foundation
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
            let tagged = try await reader.measure(["cache", "ls", "--tag", "from-0", "--json"])
            #expect(tagged.stdout.contains("\"rfc/1\""), "\(tagged)")
            let other = try await reader.measure(["cache", "ls", "--tag", "from-1", "--json"])
            #expect(other.stdout.contains("\"rfc/1\""), "\(other)")
        }
    }

    private func jsonArray(_ text: String) -> [Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
    }
}
