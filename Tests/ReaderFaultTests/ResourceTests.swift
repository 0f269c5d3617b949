import Foundation
import ReaderTestHarness
import Testing

/// Inputs meant to exhaust memory or time: a zlib bomb planted in the store, a 2 GB body, a
/// body that never ends, a server that stalls. Each must end in bounded memory (the child's
/// own peak, see ``ChildProcess``) and bounded time (the harness kills it past its timeout and the
/// test fails), with one clear line, and leave the store as it was.
@Suite struct ResourceTests {
    /// A debug `reader` runs in about 40 MB; 256 MB is the most a fetch may hold of a body.
    static let megabyte = 1 << 20

    @Test func aZlibBombInTheStoreIsRefusedInBoundedMemory() async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let blobs = try #require(catalogBlobs(store, key: "rfc/1"))
        // 2 GB of zeros behind the name of RFC 1's document, about 2 MB on disk.
        try ContractBlobs.plant([], in: store, as: blobs.document, stored: ContractBlobs.bomb(expandingTo: 2 << 30))
        let before = StoreSnapshot(store)
        let reader = try sources.reader(store: store)

        let open = try await reader.measure(["open", "1", "--offline"], measureMemory: true, timeout: 120)
        #expect(open.status == 6, "\(open)")
        #expect(open.stderr.contains(blobs.document) && open.stderr.contains("expands beyond"), "\(open)")
        let openPeak = try #require(open.peakMemory)
        // 190 MB alone with 0.9.0 and 0.10.0 alike, 192.5 MB once in a full run of the suite: a
        // bound with room for a busy allocator, an order of magnitude below the 2 GB it expands to.
        #expect(openPeak < 224 * Self.megabyte, "\(open)")
        let verify = try await reader.measure(["cache", "verify"], measureMemory: true, timeout: 120)
        #expect(verify.status == 6 && verify.stdout.contains(blobs.document), "\(verify)")
        let verifyPeak = try #require(verify.peakMemory)
        #expect(verifyPeak < 96 * Self.megabyte, "\(verify)")
        #expect(StoreSnapshot(store) == before)
        print(
            "zlib bomb (2 GB of zeros in \(before.files.values.map(\.count).max() ?? 0) bytes): open exit 6 after \(Int(open.seconds)) s, peak \(openPeak / Self.megabyte) MB; verify peak \(verifyPeak / Self.megabyte) MB"
        )
    }

    @Test func aSparseEightGigabyteBlobIsRefusedWithoutReadingIt() async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let blobs = try #require(catalogBlobs(store, key: "rfc/1"))
        #expect(truncate(ContractBlobs.path(store, blobs.document), 8 << 30) == 0)
        let open = try await sources.reader(store: store).measure(["open", "1", "--offline"], measureMemory: true, timeout: 60)
        #expect(open.status == 6 && open.stderr.contains(blobs.document) && open.stderr.contains("too large"), "\(open)")
        #expect(try #require(open.peakMemory) < 96 * Self.megabyte, "\(open)")
    }

    enum Body: String, CaseIterable, Sendable {
        /// 2 GB with its Content-Length: refused from the header.
        case twoGigabytesDeclared
        /// 2 GB, chunked, no length: refused once the limit is read.
        case twoGigabytesChunked
        /// A chunked body that never ends, sent as fast as the client reads.
        case endless
        /// A body that never ends, a few bytes every 0.2 s: never quiet long enough for the read timeout.
        case trickle
        /// A server that accepts the request and never answers.
        case stallBeforeHeaders
        /// A server that sends the headers and part of the body, then nothing.
        case stallMidBody

        var reply: LoopbackServer.Reply {
            switch self {
            case .twoGigabytesDeclared: .stream(total: 2 << 30, chunk: 1 << 16, declareLength: true)
            case .twoGigabytesChunked: .stream(total: 2 << 30, chunk: 1 << 16, declareLength: false)
            case .endless: .endless(chunk: 1 << 16)
            case .trickle: .trickle(interval: 0.2)
            case .stallBeforeHeaders: .stall
            case .stallMidBody:
                .paced(status: 200, headers: [("Content-Type", "text/plain")], body: RFCSite.index, chunk: 50_000, interval: 3600)
            }
        }

        /// What the one error line must say.
        var message: String {
            switch self {
            case .twoGigabytesDeclared, .twoGigabytesChunked, .endless: "over the limit"
            case .trickle: "too slowly"
            case .stallBeforeHeaders, .stallMidBody: "timed out"
            }
        }

        var memoryBound: Int {
            switch self {
            case .twoGigabytesChunked, .endless: 360 * ResourceTests.megabyte
            default: 96 * ResourceTests.megabyte
            }
        }
    }

    @Test(arguments: Body.allCases)
    func aHostileBodyEndsInBoundedMemoryAndTimeAndLeavesTheStoreAsItWas(body: Body) async throws {
        let sources = try await AllSources.shared()
        let store = try await sources.filledStore()
        let before = StoreSnapshot(store)
        let server = try await LoopbackServer(isolated: true) { _ in body.reply }
        defer { Task { await server.stop() } }
        let reader = try reader(store: store, site: server)
        // A short read timeout for the stalls; a longer one where the machine is busy reading.
        let timeout = [Body.twoGigabytesChunked, .endless].contains(body) ? "20" : "2"
        let run = try await reader.measure(["fetch", "rfc-index", "--timeout", timeout], measureMemory: true, timeout: 120)
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.hasPrefix("reader: ") && run.stderr.split(separator: "\n").count == 1, "\(run)")
        #expect(run.stderr.contains(server.baseURL + "/rfc-index.txt") && run.stderr.contains(body.message), "\(run)")
        let peak = try #require(run.peakMemory)
        #expect(peak < body.memoryBound, "\(run)")
        #expect(StoreSnapshot(store) == before, "\(StoreSnapshot(store).difference(from: before))")
        print(
            "\(body): exit \(run.status.map(String.init) ?? "-") after \(String(format: "%.1f", run.seconds)) s, peak \(peak / Self.megabyte) MB"
        )
    }
}
