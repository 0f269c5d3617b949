import Foundation
import ReaderTestHarness
import Testing

/// `reader push` and `pull` against a real S3 API (moto's server, `Support/MotoServer.swift`)
/// and against servers of our own that refuse: the round trip of every source, pushes racing,
/// kill -9 of a push, the server killed under a push, wrong credentials, a server that ignores
/// conditional writes, and `open` looking in the remote before the network.
@Suite(.serialized) struct RemoteTests {
    func reader(_ store: String, _ moto: MotoServer, site: LoopbackServer? = nil, _ extra: [String: String] = [:]) throws -> ReaderBinary {
        try moto.reader(store, site: site, extra)
    }

    func keys(_ reader: ReaderBinary) async throws -> Set<String> { try await storedKeys(reader) }

    @Test func pushThenPullCarriesEverySourceByteForByte() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let mine = try sources.reader(store: store, moto.environment)
        #expect(try await mine.measure(["fetch", "rfc", "793"]).status == 0)
        let push = try await mine.measure(["push", "--json"])
        #expect(push.status == 0, "\(push)")
        let pushed = jsonObject(push.stdout)
        #expect(pushed?["entries"] as? Int == 5, "\(push)")
        #expect(pushed?["blobsMoved"] as? Int == blobFiles(store).count, "\(push)")

        // A folder that does not exist yet, as a teammate's first pull on a new machine has it
        // (0.16.0 refused it: exit 73, "cannot open folder …/writers.lock").
        let theirs = try temporaryFolder("pulled") + "/store"
        let other = try reader(theirs, moto)
        let pull = try await other.measure(["pull"])
        #expect(pull.status == 0, "\(pull)")
        #expect(pull.stdout.hasPrefix("pulled from \(moto.remote): \(blobFiles(store).count) blobs fetched"), "\(pull)")
        #expect(blobFiles(theirs) == blobFiles(store))
        #expect(try await keys(other) == keys(mine))
        for side in [mine, other] {
            let verify = try await side.measure(["cache", "verify"])
            #expect(verify.status == 0, "\(verify)")
        }
        #expect(StoreAudit(theirs).isClean, "\(StoreAudit(theirs))")
        let remoteVerify = try await other.measure(["cache", "verify", "--remote", "--json"])
        #expect(remoteVerify.status == 0, "\(remoteVerify)")
        #expect(jsonObject(remoteVerify.stdout)?["blobsChecked"] as? Int == blobFiles(store).count, "\(remoteVerify)")
        // Pulled documents are in the full-text index, as fetched ones are.
        let found = try await other.measure(["find", "--json", "transmission", "control"])
        #expect(found.status == 0 && found.stdout.contains("\"rfc/793\""), "\(found)")
        let opened = try await other.measure(["open", "--offline", "--format", "json", "793"])
        #expect(jsonObject(opened.stdout)?["title"] as? String == "Transmission Control Protocol", "\(opened)")

        // Nothing new either way: both commands say so and send nothing.
        let again = try await mine.measure(["push", "--json"])
        #expect(jsonObject(again.stdout)?["entries"] as? Int == 0, "\(again)")
        #expect(jsonObject(again.stdout)?["blobsMoved"] as? Int == 0, "\(again)")
        let pullAgain = try await other.measure(["pull", "--json"])
        #expect(jsonObject(pullAgain.stdout)?["entries"] as? Int == 0, "\(pullAgain)")
        let pushText = try await mine.measure(["push"])
        #expect(pushText.stdout.hasPrefix("\(moto.remote) is up to date: nothing to push ("), "\(pushText)")
        let pullText = try await other.measure(["pull"])
        #expect(pullText.stdout.hasPrefix("the store is up to date: nothing to pull ("), "\(pullText)")
    }

    @Test(arguments: [2, 4]) func pushesRacingLoseNoEntry(processes: Int) async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        // Store i holds RFCs 10i+1 … 10i+20: each shares half its keys with the next.
        var expected = Set<String>()
        var pushers: [ReaderBinary] = []
        for index in 0..<processes {
            let store = try temporaryFolder("racer")
            let racer = try reader(store, moto, site: site)
            let fetch = try await racer.measure(["fetch", "rfc", "\(index * 10 + 1)-\(index * 10 + 20)"])
            #expect(fetch.status == 0, "\(fetch)")
            expected.formUnion((index * 10 + 1...index * 10 + 20).map { "rfc/\($0)" })
            pushers.append(racer)
        }
        let running = try pushers.map { try $0.spawn(["push", "--jobs", "2"]) }
        for process in running {
            let exit = try await process.wait(timeout: 300)
            #expect(exit.status == 0, "\(exit)")
        }
        let pulled = try reader(try temporaryFolder("race-pulled"), moto)
        #expect(try await pulled.measure(["pull"]).status == 0)
        let lost = expected.subtracting(try await keys(pulled))
        print("remote races: \(processes) processes pushing overlapping stores at once: \(expected.count) entries, \(lost.count) lost")
        #expect(lost.isEmpty, "lost: \(lost.sorted())")
        #expect(try await pulled.measure(["cache", "verify"]).status == 0)
    }

    /// A store of 150 documents (300 blobs): a push of it at `--jobs 1` is still under way when
    /// its first blobs are on the server.
    func largeStore(_ moto: MotoServer, site: LoopbackServer) async throws -> ReaderBinary {
        let store = try temporaryFolder("large")
        let large = try reader(store, moto, site: site)
        let fetch = try await large.measure(["fetch", "rfc", "1-150", "--jobs", "4"], timeout: 600)
        #expect(fetch.status == 0, "\(fetch)")
        return large
    }

    /// Waits until the remote holds at least `count` blobs.
    func waitForBlobs(_ moto: MotoServer, _ count: Int, while process: ChildProcess) async throws {
        while try await moto.count("objects/") < count {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func aPushKilledThenRunAgainCompletes() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        let large = try await largeStore(moto, site: site)
        let push = try large.spawn(["push", "--jobs", "1"])
        try await waitForBlobs(moto, 5, while: push)
        push.kill(SIGKILL)
        let killed = try await push.wait(timeout: 60)
        #expect(killed.signal == SIGKILL, "the push ended before it was killed: \(killed)")

        // Nothing half-visible: what the remote shows pulls whole and verifies.
        let early = try reader(try temporaryFolder("after-kill"), moto)
        let earlyPull = try await early.measure(["pull"])
        #expect(earlyPull.status == 0, "\(earlyPull)")
        #expect(try await early.measure(["cache", "verify"]).status == 0)

        let again = try await large.measure(["push", "--json"])
        #expect(again.status == 0, "\(again)")
        #expect((jsonObject(again.stdout)?["blobsPresent"] as? Int ?? 0) >= 5, "\(again)")
        let pulled = try reader(try temporaryFolder("after-resume"), moto)
        #expect(try await pulled.measure(["pull"]).status == 0)
        #expect(try await keys(pulled).count == 150)
        #expect(try await pulled.measure(["cache", "verify"]).status == 0)
    }

    @Test func theServerKilledUnderAPushIsExit4AndARerunIsClean() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        let large = try await largeStore(moto, site: site)
        let push = try large.spawn(["push", "--jobs", "1"])
        try await waitForBlobs(moto, 5, while: push)
        moto.kill()
        let failed = try await push.wait(timeout: 120)
        #expect(failed.status == 4, "\(failed)")
        let lines = failed.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("reader: s3://\(moto.bucket)/"), "\(failed)")

        try await moto.launch()
        let rerun = try await large.measure(["push"])
        #expect(rerun.status == 0, "\(rerun)")
        let pulled = try reader(try temporaryFolder("after-restart"), moto)
        #expect(try await pulled.measure(["pull"]).status == 0)
        #expect(try await keys(pulled).count == 150)
        #expect(try await pulled.measure(["cache", "verify"]).status == 0)
    }

    @Test func aBucketThatDoesNotExistIsAFailureNotAnEmptyRemote() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let reader = try reader(try temporaryFolder("no-bucket"), moto)
        // A mistyped bucket: pull said "0 entries added" and exited 0.
        for words in [["pull"], ["cache", "verify"]] {
            let run = try await reader.run(words + ["--remote", "s3://no-such-bucket/shared"])
            #expect(run.status == 4, "\(run)")
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.hasPrefix("reader: s3://no-such-bucket/shared/"), "\(run)")
            #expect(run.stderr.contains("NoSuchBucket") && run.stderr.contains("create the bucket first"), "\(run)")
        }
    }

    @Test func wrongCredentialsAreOneClearLine() async throws {
        // moto accepts any signature; this server refuses every one, as S3 does, in words that
        // try to reach the terminal raw.
        let refusal = Array(
            ("<?xml version=\"1.0\"?><Error><Code>InvalidAccessKeyId</Code><Message>The AWS Access Key Id you provided "
                + "does not exist in our records.\u{1B}[2J\u{1B}]0;owned\u{07}</Message></Error>").utf8)
        let server = try await LoopbackServer { _ in .respond(status: 403, headers: [("Content-Type", "application/xml")], body: refusal) }
        defer { Task { await server.stop() } }
        let store = try await AllSources.shared().filledStore()
        let secret = "wrong-secret-key-that-must-not-show"
        let run = try await ReaderBinary(environment: [
            "READER_CACHE_DIR": store, "AWS_ENDPOINT_URL_S3": server.baseURL, "AWS_ACCESS_KEY_ID": "AKIDWRONG",
            "AWS_SECRET_ACCESS_KEY": secret,
        ]).run(["push", "--remote", "s3://team-bucket/reader"])
        #expect(run.status == 4, "\(run)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("reader: s3://team-bucket/reader/"), "\(run)")
        for words in ["HTTP 403", "InvalidAccessKeyId", "AWS_ACCESS_KEY_ID"] { #expect(run.stderr.contains(words), "\(run)") }
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"), "\(run)")
        #expect(!run.stderr.contains(secret) && !run.stdout.contains(secret))
        // Signed as Signature V4, the secret itself never sent.
        let sent = server.requests.first
        #expect(sent?.headers["authorization"]?.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDWRONG/") == true)
        #expect(!server.requests.contains { $0.headers.values.contains { $0.contains(secret) } })
    }

    @Test func aServerIgnoringConditionalWritesIsRefused() async throws {
        // Answers every write with 200, as a store without conditional writes does.
        let server = try await LoopbackServer { request in
            request.method == "PUT" ? .respond(status: 200, headers: [("ETag", "\"e\"")]) : .status(404)
        }
        defer { Task { await server.stop() } }
        let store = try await AllSources.shared().filledStore()
        let run = try await ReaderBinary(
            environment: MotoServer.credentials.merging([
                "READER_CACHE_DIR": store, "AWS_ENDPOINT_URL_S3": server.baseURL,
            ]) { $1 }
        ).run(["push", "--remote", "s3://team-bucket/reader"])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("ignores conditional writes"), "\(run)")
        // Nothing but the probe was written.
        let written = server.requests.filter { $0.method == "PUT" }.map(\.uri)
        #expect(written.allSatisfy { $0.contains("/catalog/probes/") }, "\(written)")
    }

    @Test func aPulledBlobThatDoesNotHashToItsNameNeverEntersTheStore() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let store = try await AllSources.shared().filledStore()
        #expect(try await reader(store, moto).measure(["push"]).status == 0)
        // Another blob's bytes under RFC 1's raw blob name: a valid zlib stream, the wrong content.
        guard let (raw, document) = catalogBlobs(store, key: "rfc/1") else {
            Issue.record("rfc/1 is not in the store")
            return
        }
        let files = blobFiles(store)
        let client = moto.client()
        defer { Task { await client.shutdown() } }
        let planted = [UInt8](files[document] ?? Data())
        _ = try await client.put("shared/objects/\(raw.prefix(2))/\(raw.dropFirst(2))", planted)

        let theirs = try temporaryFolder("tampered")
        let pull = try await reader(theirs, moto).measure(["pull", "--jobs", "1"])
        #expect(pull.status == 6, "\(pull)")
        #expect(pull.stderr.contains(raw) && pull.stderr.contains("does not match"), "\(pull)")
        #expect(blobFiles(theirs)[raw] == nil)
        #expect(!(try await keys(reader(theirs, moto))).contains("rfc/1"))
        #expect(StoreAudit(theirs).isClean, "\(StoreAudit(theirs))")
        let verify = try await reader(theirs, moto).measure(["cache", "verify", "--remote"])
        #expect(verify.status == 6 && verify.stdout.contains(String(raw.dropFirst(2))), "\(verify)")
        // The hint is the remote's repair, not a local fetch's: delete it, push from a store that holds it.
        #expect(
            verify.stderr.contains("a 'reader push' from a store that holds it whole") && !verify.stderr.contains("fetch it again"),
            "\(verify)")
        _ = try await client.delete("shared/objects/\(raw.prefix(2))/\(raw.dropFirst(2))")
        let missing = try await reader(theirs, moto).measure(["cache", "verify", "--remote"])
        #expect(missing.status == 6 && missing.stdout.contains("missing"), "\(missing)")
        let repair = try await reader(store, moto).measure(["push", "--json"])
        #expect(repair.status == 0 && jsonObject(repair.stdout)?["blobsMoved"] as? Int == 1, "\(repair)")
        #expect(try await reader(theirs, moto).measure(["cache", "verify", "--remote"]).status == 0)
    }

    @Test func openLooksInTheRemoteBeforeTheNetworkButNotOffline() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let store = try await AllSources.shared().filledStore()
        #expect(try await reader(store, moto).measure(["push"]).status == 0)
        // The RFC Editor is unreachable: RFC 1 can come only from the remote.
        let closed = try ClosedPort()
        let fresh = try temporaryFolder("open-remote")
        // Offline never touches the remote either: here a server that counts what it is asked.
        let watcher = try await LoopbackServer { _ in .status(500) }
        defer { Task { await watcher.stop() } }
        let offline = try await reader(fresh, moto, ["READER_RFC_EDITOR_URL": closed.baseURL, "AWS_ENDPOINT_URL_S3": watcher.baseURL])
            .measure(["open", "--offline", "1"])
        #expect(offline.status == 3, "\(offline)")
        #expect(watcher.requests.isEmpty)
        #expect(blobFiles(fresh).isEmpty)
        let opened = try await reader(fresh, moto, ["READER_RFC_EDITOR_URL": closed.baseURL]).measure(["open", "--format", "json", "1"])
        #expect(opened.status == 0, "\(opened)")
        #expect(jsonObject(opened.stdout)?["key"] as? String == "rfc/1", "\(opened)")
        #expect(blobFiles(fresh).count == 2)
    }
}
