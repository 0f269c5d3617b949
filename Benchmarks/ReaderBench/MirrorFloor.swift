import DocumentJSON
import Foundation
import RFCText
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import ReaderSupport

/// `reader-bench mirror-floor FOLDER`: the least CPU a mirror of the real RFCs in FOLDER (its
/// `.txt` files) can take per MB, each step a mirror cannot skip measured alone, in process,
/// with nothing written to disk but the index (its CPU, user and system, on every thread: the
/// index's rebuild cuts documents into words on every core, and its wall time counted half of
/// that work — 7.55 ms a MB where a mirror's index writer and its word cutting took 16):
/// - the raw bytes: their SHA-256 (the blob's name) and deflate at the store's level;
/// - the RFC module's parse;
/// - the document: its JSON, its SHA-256 and deflate;
/// - the full-text index: `cache reindex` of a store holding them, less the reading of the
///   documents back from their blobs, which a mirror does not do (it has them in memory).
///
/// Against `gzip -6` of the same bytes, run by this process as a child (its CPU time). The sum
/// leaves out what the kernel takes (files made, written and flushed) and the catalog: the
/// floor is below what any mirror can reach, so a goal under it is out of reach.
func mirrorFloor(folder: String) throws {
    var texts: [[UInt8]] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".txt") {
        if let data = FileManager.default.contents(atPath: folder + "/" + name) { texts.append([UInt8](data)) }
    }
    let module = RFCTextModule()
    // The texts the module takes (a few of the sample are not RFC text to it: a NUL byte).
    var documents: [Document] = []
    var kept: [[UInt8]] = []
    for (number, text) in texts.enumerated() {
        guard let document = try? module.parse(ParseInput(bytes: text, requestType: "rfc", key: "rfc/\(number + 1)")) else { continue }
        documents.append(document)
        kept.append(text)
    }
    let megabytes = Double(kept.reduce(0) { $0 + $1.count }) / 1e6
    print(
        String(
            format: "mirror floor: %d real RFCs, %.1f MB (%d not RFC text to the module, left out)", kept.count, megabytes,
            texts.count - kept.count))

    var sink = 0
    let raw = try leastCPU(rounds: 3) {
        for text in kept {
            sink &+= BlobID(of: text).hex.count
            sink &+= try Zlib.compress(text, level: 1).count
        }
    }
    let parse = try leastCPU(rounds: 3) {
        for (number, text) in kept.enumerated() {
            sink &+= try module.parse(ParseInput(bytes: text, requestType: "rfc", key: "rfc/\(number + 1)")).blocks.count
        }
    }
    var encoded: [[UInt8]] = []
    let document = try leastCPU(rounds: 3) {
        encoded = []
        for document in documents {
            var json: [UInt8] = []
            DocumentCodec.write(document) { json += $0 }
            sink &+= BlobID(of: json).hex.count
            sink &+= try Zlib.compress(json, level: 1).count
            encoded.append(json)
        }
    }
    // The index: made anew from the blobs, less reading the blobs' documents back.
    let folder = NSTemporaryDirectory() + "reader-bench-floor-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let reader = Reader(configuration: Configuration(storeRoot: folder), modules: builtinModules)
    for (number, (text, document)) in zip(kept, documents).enumerated() {
        _ = try reader.store.commit(key: "rfc/\(number + 1)", raw: text, document: document) { raw, parsed in
            CatalogEntry(
                requestType: "rfc", url: nil, raw: raw, document: parsed, mediaType: "text/plain", charset: "utf-8",
                fetchedAt: "2026-11-27T00:00:00Z", etag: nil, lastModified: nil, module: module.descriptor.name,
                moduleVersion: module.descriptor.version, size: text.count, title: document.title)
        }
    }
    try reader.store.compactCatalog()
    let reindex = try leastCPU(rounds: 3) { sink &+= try reader.store.reindex() }
    let blobs = try encoded.map { try Zlib.compress($0, level: 1) }
    let readBack = try leastCPU(rounds: 3) {
        for (blob, json) in zip(blobs, encoded) {
            sink &+= try Zlib.decompress(blob, limit: json.count).count
            sink &+= try DocumentCodec.decode(json).blocks.count
        }
    }
    let index = max(0, reindex - readBack)
    let files = try blobFilesSeconds(raw: kept, documents: encoded, beside: folder)
    let gzip = try gzipSeconds(kept)
    if sink == 42 { print("") }

    let steps = [
        ("raw bytes: SHA-256 and deflate (level 1)", raw), ("the RFC module's parse", parse),
        ("the document: JSON, SHA-256, deflate", document), ("the full-text index", index),
    ]
    for (name, seconds) in steps {
        print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%7.2f ms a MB", seconds / megabytes * 1000))
    }
    let floor = steps.reduce(0) { $0 + $1.1 }
    print(
        String(
            format: "mirror floor, CPU                            %7.2f ms a MB   gzip -6 of the same bytes %7.2f ms a MB   ratio %.2f",
            floor / megabytes * 1000, gzip / megabytes * 1000, floor / gzip))
    print(
        String(
            format: "  so on 2 cores at most                      %7.1f MB/s (the steps spread perfectly, the kernel free)",
            2 * megabytes / floor))
    print(
        String(
            format: "the blob files, user + system CPU            %7.2f ms a MB   (two a document, made, written, renamed; no flush)",
            files / megabytes * 1000))
    print(
        String(
            format: "  with them, on 2 cores at most              %7.1f MB/s", 2 * megabytes / (floor + files)))
}

/// The CPU (user and system) of making the two blob files of each document as a commit makes
/// them — a temporary file in `objects/<first two hex digits>/`, written, renamed to its name —
/// without the flushes (which wait rather than compute): what the file system takes for a
/// store of one file a blob. The best of three, each into folders of its own, made fresh, and
/// all kept until the three are done: files made among the inodes a removal has just freed
/// cost ext4 without a journal twice the system time (see `compare-process.py`'s
/// `mirror_run`), and a round after a removal measured 34–39 ms a MB against 16.
private func blobFilesSeconds(raw: [[UInt8]], documents: [[UInt8]], beside folder: String) throws -> Double {
    let blobs = try (raw + documents).map { bytes in (BlobID(of: bytes), try Zlib.compress(bytes, level: 1)) }
    var fastest = Double.infinity
    let rounds = (0..<3).map { folder + "-files-\($0)" }
    defer { for objects in rounds { try? FileManager.default.removeItem(atPath: objects) } }
    for objects in rounds {
        let before = cpuSeconds(of: RUSAGE_SELF)
        for (id, compressed) in blobs {
            let hex = id.hex
            let split = hex.index(hex.startIndex, offsetBy: 2)
            let parent = "\(objects)/\(hex[..<split])"
            try FileSystem.makeFolders(parent)
            let file = try TemporaryFile(in: parent)
            try file.write(compressed)
            try file.flush()
            try file.move(to: "\(parent)/\(hex[split...])", durable: false)
        }
        fastest = min(fastest, cpuSeconds(of: RUSAGE_SELF) - before)
    }
    return fastest
}

/// The least CPU time (user and system, every thread of this process) `body` took in `rounds`
/// runs: work spread over several threads counts whole, as it does on a mirror's two cores.
private func leastCPU(rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    var least = Double.infinity
    for _ in 0..<rounds {
        let before = cpuSeconds(of: RUSAGE_SELF)
        try body()
        least = min(least, cpuSeconds(of: RUSAGE_SELF) - before)
    }
    return least
}

private func cpuSeconds(of who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(who.rawValue, &usage)
    return cpuSeconds(usage)
}

/// The CPU time of `gzip -6` over `texts`, one stream, as a child of this process.
private func gzipSeconds(_ texts: [[UInt8]]) throws -> Double {
    let input = NSTemporaryDirectory() + "reader-bench-floor-\(getpid()).txt"
    defer { try? FileManager.default.removeItem(atPath: input) }
    try Data(texts.flatMap { $0 }).write(to: URL(fileURLWithPath: input))
    var fastest = Double.infinity
    for _ in 0..<3 {
        var before = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -6 < '\(input)' > /dev/null"]
        try gzip.run()
        gzip.waitUntilExit()
        var after = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &after)
        fastest = min(fastest, cpuSeconds(after) - cpuSeconds(before))
    }
    return fastest
}

private func cpuSeconds(_ usage: rusage) -> Double {
    Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec)
        / 1e6
}
