import Foundation
import ReaderKit

/// The store on the six RFCs of the corpus: put and get rates against writing and reading the
/// same bytes as plain files, and the compression ratio against `gzip -6` run on each file.
func storeRates() throws {
    let names = corpusRFCs
    let texts = names.map { bytes("rfc/\($0).txt") }
    let total = texts.reduce(0) { $0 + $1.count }
    let folder = NSTemporaryDirectory() + "reader-bench-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }

    var round = 0
    var stored = 0
    var ids: [BlobID] = []
    // A new folder each round, so that every put compresses, writes and flushes.
    let putSeconds = try best(rounds: 5) {
        round += 1
        let blobs = BlobStore(folder: "\(folder)/put\(round)")
        stored = 0
        ids = []
        for text in texts {
            let put = try blobs.put(text)
            stored += put.written
            ids.append(put.id)
        }
    }
    let plainSeconds = try best(rounds: 5) {
        round += 1
        let plain = "\(folder)/plain\(round)"
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        for (name, text) in zip(names, texts) {
            let path = "\(plain)/\(name)"
            guard FileManager.default.createFile(atPath: path, contents: Data(text)) else { throw BenchError("cannot write \(path)") }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.synchronize()
            try handle.close()
        }
    }
    line(
        "store put (6 RFCs, zlib + fsync)", rate: Double(total) / putSeconds / 1e6,
        reference: "plain write + fsync", referenceRate: Double(total) / plainSeconds / 1e6)

    let blobs = BlobStore(folder: "\(folder)/put\(round - 5)")
    let getSeconds = try best { for id in ids { _ = try blobs.get(id) } }
    let readSeconds = best {
        for name in names { _ = FileManager.default.contents(atPath: "\(folder)/plain\(round)/\(name)") }
    }
    line(
        "store get (inflate + SHA-256 check)", rate: Double(total) / getSeconds / 1e6,
        reference: "plain read", referenceRate: Double(total) / readSeconds / 1e6)

    let gzipped = try names.reduce(0) { $0 + (try gzipSize(corpus + "/rfc/\($1).txt")) }
    print(
        "store compression (6 RFCs)".padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(
                format: "%8.3f stored/raw   reference gzip -6 %8.3f   ratio %.3f", Double(stored) / Double(total),
                Double(gzipped) / Double(total), Double(stored) / Double(gzipped)))
}

func line(_ name: String, rate: Double, reference: String, referenceRate: Double) {
    print(
        name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(format: "%8.1f MB/s   reference ", rate) + "(\(reference))"
            + String(format: " %8.1f MB/s   ratio %.3f", referenceRate, rate / referenceRate))
}

/// The size `gzip -6` makes of a file.
func gzipSize(_ path: String) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -6 -c \"$0\" | wc -c", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let size = Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw BenchError("gzip -6 failed on \(path)")
    }
    return size
}
