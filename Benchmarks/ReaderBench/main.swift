import Foundation

// Speed in-process, release build (Benchmarks/README.md):
//   swift run -c release reader-bench [corpus folder]     parse rates, store put/get and compression, document reads
//   reader-bench fill-catalog STORE N                     pads a store's catalog to N entries
//   reader-bench find STORE TEXTS COUNT FOLDER…           the full-text index of COUNT RFC-sized documents
//   reader-bench find-queries STORE QUERIES               its query times again, on the store it made
//   reader-bench tweets STORE COUNT TEXTS [FIRST]         a store of COUNT single-tweet documents
//   reader-bench mirror-floor FOLDER                      the least CPU a mirror of FOLDER's RFCs takes per MB
//   reader-bench serve-floor FILE PORT                    Hummingbird alone answering with FILE's bytes
// Each figure is printed on its own line with its reference and the ratio.

let arguments = Array(CommandLine.arguments.dropFirst())

let corpus =
    arguments.first.flatMap {
        ["fill-catalog", "find", "find-queries", "search-queries", "tweets", "mirror-floor", "serve-floor"].contains($0) ? nil : $0
    }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Corpus").path

/// The six RFCs of the corpus, 1969–2022, under `rfc/` as `<name>.txt`.
let corpusRFCs = ["rfc1", "rfc793", "rfc2616", "rfc3986", "rfc8446", "rfc9110"]

func bytes(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: corpus + "/" + path) else {
        FileHandle.standardError.write(Data("reader-bench: cannot read \(corpus)/\(path)\n".utf8))
        exit(1)
    }
    return [UInt8](data)
}

do {
    if arguments.first == "fill-catalog" {
        guard arguments.count == 3, let count = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: reader-bench fill-catalog STORE N\n".utf8))
            exit(64)
        }
        try fillCatalog(store: arguments[1], to: count)
    } else if arguments.first == "find" {
        guard arguments.count >= 5, let count = Int(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: reader-bench find STORE TEXTS COUNT FOLDER...\n".utf8))
            exit(64)
        }
        try findRates(store: arguments[1], texts: arguments[2], count: count, folders: Array(arguments[4...]))
    } else if arguments.first == "tweets" {
        guard arguments.count == 4 || arguments.count == 5, let count = Int(arguments[2]),
            let first = arguments.count == 5 ? Int(arguments[4]) : 0
        else {
            FileHandle.standardError.write(Data("usage: reader-bench tweets STORE COUNT TEXTS [FIRST]\n".utf8))
            exit(64)
        }
        try fillTweets(store: arguments[1], count: count, texts: arguments[3], from: first)
    } else if arguments.first == "mirror-floor" {
        guard arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: reader-bench mirror-floor FOLDER\n".utf8))
            exit(64)
        }
        try mirrorFloor(folder: arguments[1])
    } else if arguments.first == "serve-floor" {
        guard arguments.count == 3, let port = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: reader-bench serve-floor FILE PORT\n".utf8))
            exit(64)
        }
        try await serveFloor(file: arguments[1], port: port)
    } else if arguments.first == "find-queries" {
        guard arguments.count == 3, let text = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
            FileHandle.standardError.write(Data("usage: reader-bench find-queries STORE QUERIES\n".utf8))
            exit(64)
        }
        try findQueryRates(store: arguments[1], queries: text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) })
    } else if arguments.first == "search-queries" {
        guard arguments.count == 3, let text = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
            FileHandle.standardError.write(Data("usage: reader-bench search-queries STORE QUERIES\n".utf8))
            exit(64)
        }
        try searchQueryRates(store: arguments[1], queries: text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) })
    } else {
        try parseRates()
        try storeRates()
        try documentReadRates()
        try documentWriteRates()
    }
} catch {
    FileHandle.standardError.write(Data("reader-bench: \(error)\n".utf8))
    exit(1)
}
