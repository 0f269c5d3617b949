import Foundation
import ObjectStorage
import ReaderTestHarness
import Testing

/// A shared remote written by someone hostile or careless (anyone who may write the prefix):
/// a `gc --remote` mark list naming the root and another team's objects, objects of no shape
/// reader writes under the prefix, catalog entries whose keys are not keys or that pose as
/// another source's document. Against moto's S3 server; each attack is as issue 28 found it.
@Suite(.serialized) struct RemoteHostileTests {
    /// A store of RFCs `range` fetched from `site` and pushed to `moto`.
    func pushed(_ moto: MotoServer, _ site: LoopbackServer, _ range: ClosedRange<Int>) async throws {
        let pusher = try moto.reader(try temporaryFolder("hostile-pusher"), site: site)
        let fetch = try await pusher.measure(["fetch", "rfc", "\(range.lowerBound)-\(range.upperBound)"])
        #expect(fetch.status == 0, "\(fetch)")
        let push = try await pusher.measure(["push"])
        #expect(push.status == 0, "\(push)")
    }

    /// The remote's root as JSON, changed by `change` and written back (unconditionally: the
    /// attacker's write).
    func rewriteRoot(_ client: Bucket, _ change: (inout [String: Any]) -> Void) async throws {
        let object = try await client.get("shared/catalog/root.json", limit: 1 << 20)
        var root = (try? JSONSerialization.jsonObject(with: Data(object?.bytes ?? []))) as? [String: Any] ?? [:]
        change(&root)
        _ = try await client.put("shared/catalog/root.json", Array(try JSONSerialization.data(withJSONObject: root)))
    }

    /// Writes `text` as a `gc --remote` list named by its hash, as gc names its own; its name.
    func plantList(_ client: Bucket, _ text: String) async throws -> String {
        let bytes = Array(text.utf8)
        let name = SignatureV4.payloadHash(bytes)
        _ = try await client.put("shared/catalog/gc/\(name).txt", bytes)
        return name
    }

    func gc(_ moto: MotoServer) async throws -> ChildProcess.Exit {
        try await moto.reader(try temporaryFolder("hostile-gc"), ["READER_REMOTE_GC_GRACE": "0"]).measure([
            "cache", "gc", "--remote", "--json",
        ])
    }

    @Test func aMarkListNamingTheRootOrAnotherPrefixDeletesNothing() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        try await pushed(moto, site, 1...2)
        let client = moto.client()
        defer { Task { await client.shutdown() } }
        // Another team's catalog in the same bucket, beside ours.
        _ = try await client.put("victim/catalog/root.json", Array(#"{"version":1,"segments":[]}"#.utf8))
        let list = try await plantList(client, "catalog/root.json\t10\n../victim/catalog/root.json\t10\n")
        try await rewriteRoot(client) { root in
            root["version"] = 2
            root["gc"] = ["generation": 0, "mark": ["objects": list, "markedAt": 0]]
        }
        for _ in 0..<2 {
            let run = try await gc(moto)
            #expect(run.status == 6, "\(run)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && run.stderr.hasPrefix("reader: ") && run.stderr.contains(list), "\(run)")
            #expect(try await moto.holds("catalog/root.json"))
            #expect(try await client.head("victim/catalog/root.json") != nil)
        }
        // Nothing of the catalog went: it pulls whole.
        let puller = try moto.reader(try temporaryFolder("hostile-pulled"))
        let pull = try await puller.measure(["pull"])
        #expect(pull.status == 0, "\(pull)")
        #expect(try await storedKeys(puller) == ["rfc/1", "rfc/2"])
        // A push is not held up by the bad list: it drops the mark (which removes nothing).
        let pusher = try moto.reader(try temporaryFolder("hostile-pusher"), site: site)
        #expect(try await pusher.measure(["fetch", "rfc", "3"]).status == 0)
        let push = try await pusher.measure(["push"])
        #expect(push.status == 0, "\(push)")
        #expect(try await gc(moto).status == 0)
    }

    @Test func aSweepDeletesOnlyObjectsItListedItself() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        try await pushed(moto, site, 1...2)
        let client = moto.client()
        defer { Task { await client.shutdown() } }
        // A well-shaped blob name that is not on the remote: the sweep lists before it deletes,
        // and neither sends a DELETE for it nor counts it removed.
        let absent = "objects/00/" + String(repeating: "0", count: 62)
        let list = try await plantList(client, "\(absent)\t4096\n")
        try await rewriteRoot(client) { root in
            root["version"] = 2
            root["gc"] = ["generation": 0, "mark": ["objects": list, "markedAt": 0]]
        }
        let run = try await gc(moto)
        #expect(run.status == 0, "\(run)")
        #expect(jsonObject(run.stdout)?["objectsRemoved"] as? Int == 0, "\(run)")
        #expect(jsonObject(run.stdout)?["bytesFreed"] as? Int == 0, "\(run)")
    }

    @Test func objectsOfNoShapeReaderWritesAreNeverMarkedNorRemoved() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        try await pushed(moto, site, 1...1)
        let client = moto.client()
        defer { Task { await client.shutdown() } }
        // Someone's notes filed under the prefix's folders: not reader's to remove.
        let strangers = ["objects/README.txt", "catalog/segments/notes.jsonl", "catalog/gc/keep.txt", "catalog/probes/Not-A-Token!"]
        for name in strangers { _ = try await client.put("shared/" + name, Array("mine\n".utf8)) }
        for _ in 0..<3 {
            let run = try await gc(moto)
            #expect(run.status == 0, "\(run)")
        }
        for name in strangers { #expect(try await moto.holds(name), "\(name)") }
    }

    /// Entries with keys that are not keys, and one posing as `rfc/1` from another source,
    /// added to the remote's catalog in a segment of their own.
    func plantHostileEntries(_ client: Bucket) async throws -> [String] {
        let root = try await client.get("shared/catalog/root.json", limit: 1 << 20)
        let parsed = (try? JSONSerialization.jsonObject(with: Data(root?.bytes ?? []))) as? [String: Any]
        let segment = try #require((parsed?["segments"] as? [String])?.first)
        let bytes = try #require(try await client.get("shared/catalog/segments/\(segment).jsonl", limit: 1 << 24)).bytes
        let line = try #require(bytes.split(separator: UInt8(ascii: "\n")).first)
        let original = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        let entry = try #require(original["entry"] as? [String: Any])
        let badKeys = [
            "a\u{0}b", "multi\nline", "\u{1B}]0;owned\u{7}\u{1B}[31mred", "evil\u{202E}txt.exe", "", String(repeating: "k", count: 5000),
            "../../../../etc/cron.d/x", "/etc/passwd",
        ]
        var lines: [Data] = []
        for key in badKeys { lines.append(try JSONSerialization.data(withJSONObject: ["key": key, "entry": entry])) }
        var posing = entry
        posing["requestType"] = "tweets"
        posing["fetchedAt"] = "2099-01-01T00:00:00Z"
        lines.append(try JSONSerialization.data(withJSONObject: ["key": "rfc/1", "entry": posing]))
        let hostile = Array(lines.map { $0 + Data("\n".utf8) }.reduce(Data(), +))
        let name = SignatureV4.payloadHash(hostile)
        _ = try await client.put("shared/catalog/segments/\(name).jsonl", hostile)
        try await rewriteRoot(client) { root in root["segments"] = ((root["segments"] as? [String]) ?? []) + [name] }
        return badKeys
    }

    @Test func aPullTakesInNoKeyThatBreaksTheRuleAndNoOtherSourcesDocument() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        try await pushed(moto, site, 1...2)
        let client = moto.client()
        defer { Task { await client.shutdown() } }
        _ = try await plantHostileEntries(client)

        // A store that holds rfc/1 already: the remote's newer "rfc/1" from tweets replaces nothing.
        let folder = try temporaryFolder("hostile-keys")
        let puller = try moto.reader(folder, site: site)
        #expect(try await puller.measure(["fetch", "rfc", "1"]).status == 0)
        let pull = try await puller.measure(["pull"])
        #expect(pull.status == 0, "\(pull)")
        let warning = pull.stderr.split(separator: "\n")
        #expect(warning.count == 1 && warning.first?.hasPrefix("reader: skipped 9 remote entries") == true, "\(pull)")
        #expect(!pull.stderr.contains("\u{1B}") && !pull.stderr.contains("\u{202E}"), "\(pull)")
        #expect(try await storedKeys(puller) == ["rfc/1", "rfc/2"])
        let listed = try await puller.measure(["cache", "ls", "--json"])
        let sources = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(sources.first { $0["key"] as? String == "rfc/1" }?["source"] as? String == "rfc", "\(listed)")
        let verify = try await puller.measure(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")

        // A store that has none of them: the same nine are refused, the rest taken.
        let fresh = try moto.reader(try temporaryFolder("hostile-fresh"))
        let second = try await fresh.measure(["pull", "--json"])
        #expect(second.status == 0, "\(second)")
        #expect(jsonObject(second.stdout)?["entriesRefused"] as? Int == 9, "\(second)")
        #expect(try await storedKeys(fresh) == ["rfc/2"])
    }
}
