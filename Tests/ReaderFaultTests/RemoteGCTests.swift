import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Synchronization
import Testing

/// `reader cache gc --remote` against moto's S3 server: what it removes and when, and pushes
/// racing it. The hard case — a push that found a blob "already there" while a sweep removes
/// it — is put in an exact order by ``HoldingProxy``, which holds one process's requests
/// until the other has done its part: no test here depends on timing.
@Suite(.serialized) struct RemoteGCTests {
    /// `gc --remote --json` on `moto` itself (past any proxy) with grace period `grace`, its result.
    func collect(_ moto: MotoServer, grace: Int) async throws -> [String: Any] {
        let run = try await moto.reader(try temporaryFolder("gc-collector"), ["READER_REMOTE_GC_GRACE": "\(grace)"])
            .measure(["cache", "gc", "--remote", "--json"])
        #expect(run.status == 0, "\(run)")
        return jsonObject(run.stdout) ?? [:]
    }

    /// A store of RFCs `range` (variant `variant`) fetched from `site`.
    func store(
        _ moto: MotoServer, _ site: LoopbackServer, _ range: ClosedRange<Int>, through endpoint: String? = nil
    ) async throws
        -> (folder: String, reader: ReaderBinary)
    {
        let folder = try temporaryFolder("gc-store")
        let reader = try moto.reader(folder, site: site, endpoint.map { ["AWS_ENDPOINT_URL_S3": $0] } ?? [:])
        let fetch = try await reader.measure(["fetch", "rfc", "\(range.lowerBound)-\(range.upperBound)"])
        #expect(fetch.status == 0, "\(fetch)")
        return (folder, reader)
    }

    /// The remote, pulled whole into a new store: every key, and both stores verified.
    func pullWhole(_ moto: MotoServer) async throws -> (folder: String, keys: Set<String>) {
        let folder = try temporaryFolder("gc-pulled")
        let pulled = try moto.reader(folder)
        let pull = try await pulled.measure(["pull"])
        #expect(pull.status == 0, "\(pull)")
        let verify = try await pulled.measure(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
        let remote = try await pulled.measure(["cache", "verify", "--remote"])
        #expect(remote.status == 0, "\(remote)")
        return (folder, try await storedKeys(pulled))
    }

    /// Runs `arguments` (through `proxy`) and kills the process once a request `matches`
    /// accepts is held, which is then dropped unanswered: killed exactly there.
    func kill(
        _ reader: ReaderBinary, _ arguments: [String], whenHeldBy proxy: HoldingProxy,
        _ matches: @escaping @Sendable (HoldingProxy.Request) -> Bool
    ) async throws {
        let gate = proxy.hold(matches)
        let process = try reader.spawn(arguments)
        try await gate.waitUntilHeld(from: process)
        process.kill(SIGKILL)
        _ = try await process.wait(timeout: 60)
        gate.drop()
    }

    /// Pushes `store` through `proxy` and kills it once its segment write is held: its blobs
    /// are on the remote, and nothing names them.
    func pushKilledBeforeItsSegment(_ reader: ReaderBinary, proxy: HoldingProxy) async throws {
        // moto answers slowly on a loaded machine: the push is to be killed, not to give up first.
        try await kill(reader, ["push", "--jobs", "4", "--timeout", "120"], whenHeldBy: proxy) {
            $0.method == "PUT" && $0.uri.contains("/catalog/segments/")
        }
    }

    @Test func unnamedObjectsGoOnlyAfterTheGracePeriod() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let variant = Mutex(0)
        let site = try await LoopbackServer(RFCSite.handler(variant: { variant.withLock { $0 } }))
        defer { Task { await site.stop() } }
        let (_, first) = try await store(moto, site, 1...3)
        #expect(try await first.measure(["push"]).status == 0)
        // Other bytes of the same RFCs, whose push was killed before its segment: their six
        // blobs are on the remote and nothing names them. (Pushed whole, they would be named:
        // the remote keeps every version of a document.)
        variant.withLock { $0 = 1 }
        let proxy = try await HoldingProxy(upstreamPort: moto.port)
        defer { Task { await proxy.stop() } }
        let (unnamed, second) = try await store(moto, site, 1...3, through: proxy.baseURL)
        try await pushKilledBeforeItsSegment(second, proxy: proxy)
        let kept = try await pullWhole(moto)
        #expect(kept.keys == Set((1...3).map { "rfc/\($0)" }))
        let named = Set(blobFiles(kept.folder).keys)
        let replaced = Set(blobFiles(unnamed).keys).subtracting(named)
        #expect(replaced.count == 6)

        let marked = try await collect(moto, grace: 3600)
        #expect(marked["objectsRemoved"] as? Int == 0 && marked["objectsMarked"] as? Int == replaced.count, "\(marked)")
        #expect(marked["removableFrom"] is String, "\(marked)")
        // Within the grace period a second run removes nothing, however often it runs.
        let again = try await collect(moto, grace: 3600)
        #expect(again["objectsRemoved"] as? Int == 0 && again["objectsMarked"] as? Int == replaced.count, "\(again)")
        for blob in replaced { #expect(try await moto.holds("objects/\(blob.prefix(2))/\(blob.dropFirst(2))")) }

        // Past it (0 s here), they go, and nothing the catalog names.
        let swept = try await collect(moto, grace: 0)
        #expect(swept["objectsRemoved"] as? Int == replaced.count, "\(swept)")
        for blob in replaced { #expect(!(try await moto.holds("objects/\(blob.prefix(2))/\(blob.dropFirst(2))"))) }
        #expect(try await moto.count("objects/") == named.count)
        #expect(try await pullWhole(moto).keys == Set((1...3).map { "rfc/\($0)" }))

        // The human summary says what waits, and until when.
        let line = try await moto.reader(try temporaryFolder("gc-collector"), ["READER_REMOTE_GC_GRACE": "3600"])
            .measure(["cache", "gc", "--remote"])
        #expect(line.status == 0 && line.stdout.hasPrefix("gc \(moto.remote): removed 0 objects"), "\(line)")
        #expect(line.stdout.contains("removes those still unnamed"), "\(line)")
    }

    /// moto, an RFC site, a proxy in front of moto, and a store of RFCs `range` whose push
    /// through the proxy was killed before its segment; its blobs marked by a `gc --remote`.
    struct KilledPush {
        let moto: MotoServer
        let site: LoopbackServer
        let proxy: HoldingProxy
        let pusher: ReaderBinary
        let blobs: Int

        func stop() async {
            await proxy.stop()
            await site.stop()
            moto.stop()
        }
    }

    func killedPushMarked(_ range: ClosedRange<Int>) async throws -> KilledPush? {
        guard let moto = try await MotoServer.start() else { return nil }
        let site = try await LoopbackServer(RFCSite.handler())
        let proxy = try await HoldingProxy(upstreamPort: moto.port)
        let (folder, pusher) = try await store(moto, site, range, through: proxy.baseURL)
        let blobs = blobFiles(folder).count
        try await pushKilledBeforeItsSegment(pusher, proxy: proxy)
        #expect(try await moto.count("objects/") == blobs)
        let marked = try await collect(moto, grace: 0)
        #expect(marked["objectsMarked"] as? Int == blobs, "\(marked)")
        return KilledPush(moto: moto, site: site, proxy: proxy, pusher: pusher, blobs: blobs)
    }

    @Test func aPushThatFoundItsBlobsThereLosesNoneToASweep() async throws {
        guard let setup = try await killedPushMarked(1...20) else { return }
        let (moto, proxy, pusher, blobs) = (setup.moto, setup.proxy, setup.pusher, setup.blobs)
        defer { Task { await setup.stop() } }

        // The push run again finds every blob there and sends none; its root replacement is
        // held until a sweep has removed them all.
        let rootWrite = proxy.hold { $0.method == "PUT" && $0.uri.hasSuffix("/catalog/root.json") }
        let push = try pusher.spawn(["push", "--json"])
        try await rootWrite.waitUntilHeld(from: push)
        let swept = try await collect(moto, grace: 0)
        #expect(swept["objectsRemoved"] as? Int == blobs, "\(swept)")
        #expect(try await moto.count("objects/") == 0)
        rootWrite.open()
        let pushed = try await push.wait(timeout: 300)
        #expect(pushed.status == 0, "\(pushed)")
        // It saw the sweep before naming them, and sent them again.
        #expect(jsonObject(pushed.stdout)?["blobsMoved"] as? Int == blobs, "\(pushed)")
        #expect(try await moto.count("objects/") == blobs)
        #expect(try await pullWhole(moto).keys.count == 20)
        // Its segment was marked by that run; the push took it off the mark, so the next sweep keeps it.
        _ = try await collect(moto, grace: 0)
        #expect(try await pullWhole(moto).keys.count == 20)
    }

    @Test func aPushWaitsForASweepUnderWayAndAKilledSweepBlocksNothingElse() async throws {
        guard let setup = try await killedPushMarked(1...10) else { return }
        let (moto, site, proxy, pusher, blobs) = (setup.moto, setup.site, setup.proxy, setup.pusher, setup.blobs)
        defer { Task { await setup.stop() } }

        // A sweep begun and held at its first DELETE; the push that needs its objects waits
        // (it reads the root again and again, counted here) until the sweep has ended.
        let deletes = proxy.hold { $0.method == "DELETE" && $0.uri.contains("/objects/") }
        let sweeper = try ReaderBinary(environment: pusher.environment.merging(["READER_REMOTE_GC_GRACE": "0"]) { $1 })
        let sweep = try sweeper.spawn(["cache", "gc", "--remote", "--json"])
        try await deletes.waitUntilHeld(from: sweep)
        let rootReads = proxy.hold { $0.method == "GET" && $0.uri.hasSuffix("/catalog/root.json") }
        rootReads.open()
        let push = try pusher.spawn(["push"])
        try await rootReads.waitUntilHeld(3, from: push)
        deletes.open()
        let swept = try await sweep.wait(timeout: 300)
        #expect(swept.status == 0 && jsonObject(swept.stdout)?["objectsRemoved"] as? Int == blobs, "\(swept)")
        let pushed = try await push.wait(timeout: 300)
        #expect(pushed.status == 0, "\(pushed)")
        #expect(pushed.stderr.contains("waiting for a 'reader cache gc --remote' under way"), "\(pushed)")
        #expect(try await pullWhole(moto).keys.count == 10)

        // A sweep killed mid-way: its objects are named by nothing, so the remote verifies; a
        // second gc leaves it be; a push of other documents goes through.
        let (_, other) = try await store(moto, site, 31...35)
        #expect(try await other.measure(["push"]).status == 0)
        let (_, late) = try await store(moto, site, 41...45, through: proxy.baseURL)
        try await pushKilledBeforeItsSegment(late, proxy: proxy)
        _ = try await collect(moto, grace: 0)
        try await kill(sweeper, ["cache", "gc", "--remote"], whenHeldBy: proxy) { $0.method == "DELETE" && $0.uri.contains("/objects/") }
        let second = try await collect(moto, grace: 0)
        #expect(second["sweepUnderWayUntil"] is String, "\(second)")
        let (_, third) = try await store(moto, site, 51...55)
        let pushedThird = try await third.measure(["push"])
        #expect(pushedThird.status == 0 && !pushedThird.stderr.contains("waiting"), "\(pushedThird)")
        #expect(try await pullWhole(moto).keys.count == 20)
    }

    @Test func pushesRacingGCLoseNoBlobTheirCatalogNames() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        var (seed, random) = SeededRandom.fromEnvironment("remote gc races")
        _ = seed
        let rounds = 4
        var expected = Set<String>()
        var collections = 0
        for round in 0..<rounds {
            // Blobs left by a push killed part-way, then that push again beside gc runs.
            let range = (round * 20 + 1)...(round * 20 + 20)
            let (_, pusher) = try await store(moto, site, range)
            expected.formUnion(range.map { "rfc/\($0)" })
            let killed = try pusher.spawn(["push", "--jobs", "1"])
            let before = try await moto.count("objects/")
            let kill = Int.random(in: 1...30, using: &random)
            while try await moto.count("objects/") < before + kill, !killed.hasEnded { try await Task.sleep(for: .milliseconds(20)) }
            killed.kill(SIGKILL)
            _ = try await killed.wait(timeout: 60)
            let collector = try ReaderBinary(environment: pusher.environment.merging(["READER_REMOTE_GC_GRACE": "0"]) { $1 })
            _ = try await collector.measure(["cache", "gc", "--remote"])
            let push = try pusher.spawn(["push", "--jobs", "2"])
            let runs = Int.random(in: 1...3, using: &random)
            for _ in 0..<runs {
                let run = try await collector.measure(["cache", "gc", "--remote"])
                #expect(run.status == 0, "\(run)")
                collections += 1
            }
            let pushed = try await push.wait(timeout: 300)
            #expect(pushed.status == 0, "\(pushed)")
        }
        let pulled = try moto.reader(try temporaryFolder("gc-race-pulled"))
        #expect(try await pulled.measure(["pull"]).status == 0)
        let verify = try await pulled.measure(["cache", "verify", "--remote", "--json"])
        let problems = (jsonObject(verify.stdout)?["problems"] as? [Any])?.count ?? -1
        let lost = expected.subtracting(try await storedKeys(pulled))
        print(
            "remote gc races: \(rounds) pushes (each after a killed one) beside \(collections) gc runs: "
                + "\(expected.count) entries, \(lost.count) lost, \(problems) blobs missing or damaged")
        #expect(verify.status == 0 && problems == 0, "\(verify)")
        #expect(lost.isEmpty, "lost: \(lost.sorted())")
    }
}
