import Foundation
import ObjectStorage
import ReaderTestHarness
import Testing

/// A pull's memory is buffers, not blob sizes: each blob goes from the response to a temporary
/// file as it arrives (0.8.0 held each whole: 1 GiB bodies took 3.15 GB at `--jobs 1`). A
/// remote's `rfc/1` here names a 128 MiB blob, on moto; `pull` and `cache verify --remote`
/// must each peak well under its size.
@Suite(.serialized) struct RemotePullMemoryTests {
    static let size = 128 << 20

    /// `raw` as a zlib stream of stored (uncompressed) blocks: a blob file as large as its
    /// bytes, made without a compressor.
    static func storedZlib(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out.reserveCapacity(raw.count + raw.count / 65535 * 5 + 16)
        var start = 0
        repeat {
            let count = min(65535, raw.count - start)
            out.append(start + count == raw.count ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += raw[start..<start + count]
            start += count
        } while start < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        raw.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + 5552)
                while index < end {
                    a &+= UInt32(bytes[index])
                    b &+= a
                    index += 1
                }
                a %= 65521
                b %= 65521
            }
        }
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
    }

    @Test func aPullOfALargeBlobHoldsBuffersNotTheBlob() async throws {
        guard let moto = try await MotoServer.start() else { return }
        defer { moto.stop() }
        let site = try await LoopbackServer(RFCSite.handler())
        defer { Task { await site.stop() } }
        let pusher = try moto.reader(try temporaryFolder("large-pusher"), site: site)
        #expect(try await pusher.measure(["fetch", "rfc", "1"]).status == 0)
        #expect(try await pusher.measure(["push"]).status == 0)

        // 64 KiB of varied bytes, 2,048 times: made by copies, fast in a debug build.
        let block = (0..<65536).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        var raw: [UInt8] = []
        raw.reserveCapacity(Self.size)
        for _ in 0..<Self.size / block.count { raw += block }
        let id = SignatureV4.payloadHash(raw)
        let client = moto.client()
        defer { Task { await client.shutdown() } }
        _ = try await client.put("shared/objects/\(id.prefix(2))/\(id.dropFirst(2))", Self.storedZlib(raw))
        // rfc/1 fetched again, later, with this raw blob: what the pull must take.
        let root = try #require(try await client.get("shared/catalog/root.json", limit: 1 << 20))
        var parsed = try #require(try JSONSerialization.jsonObject(with: Data(root.bytes)) as? [String: Any])
        let segment = try #require((parsed["segments"] as? [String])?.first)
        let bytes = try #require(try await client.get("shared/catalog/segments/\(segment).jsonl", limit: 1 << 24)).bytes
        let line = try #require(
            try JSONSerialization.jsonObject(with: Data(bytes.split(separator: UInt8(ascii: "\n"))[0])) as? [String: Any])
        var entry = try #require(line["entry"] as? [String: Any])
        entry["raw"] = id
        entry["fetchedAt"] = "2030-01-01T00:00:00Z"
        let newer = Array(try JSONSerialization.data(withJSONObject: ["key": "rfc/1", "entry": entry])) + [UInt8(ascii: "\n")]
        let name = SignatureV4.payloadHash(newer)
        _ = try await client.put("shared/catalog/segments/\(name).jsonl", newer)
        parsed["segments"] = [segment, name]
        _ = try await client.put("shared/catalog/root.json", Array(try JSONSerialization.data(withJSONObject: parsed)))

        let puller = try moto.reader(try temporaryFolder("large-puller"))
        let pull = try await puller.measure(["pull", "--jobs", "1"], measureMemory: true)
        #expect(pull.status == 0, "\(pull)")
        #expect(pull.stdout.contains("1 entries added"), "\(pull)")
        #expect((pull.peakMemory ?? .max) < Self.size / 2, "\(pull)")
        let verify = try await puller.measure(["cache", "verify", "--remote"], measureMemory: true)
        #expect(verify.status == 0, "\(verify)")
        #expect((verify.peakMemory ?? .max) < Self.size / 2, "\(verify)")
        let local = try await puller.measure(["cache", "verify"])
        #expect(local.status == 0, "\(local)")
    }
}
