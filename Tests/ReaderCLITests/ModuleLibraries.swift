import Foundation
import ReaderTestHarness
import ReaderTestSupport

/// The module libraries the plugin tests load: the worked example, a package of its own (built
/// by the first test that needs it), and the faulty fixtures, built with this package.
enum ModuleLibraries {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    #if os(macOS)
    static let suffix = ".dylib"
    #else
    static let suffix = ".so"
    #endif

    static var exampleCases: String { repository.appendingPathComponent("Examples/ReleasesModule/Cases").path }

    /// The example module's library, built here the first time a test asks for it when it is
    /// not built yet, so that `swift test` on a fresh clone needs no step before it.
    static func feed() throws -> String {
        try builtFeed.get()
    }

    private static let builtFeed: Result<String, HarnessError> = {
        let package = repository.appendingPathComponent("Examples/ReleasesModule").path
        let path = package + "/.build/debug/libReleasesModule\(suffix)"
        if FileManager.default.fileExists(atPath: path) { return .success(path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", package]
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("releases-module-build-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        guard let output = try? FileHandle(forWritingTo: log) else { return .failure(HarnessError("cannot write \(log.path)")) }
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            return .failure(HarnessError("cannot run swift build for \(package): \(error)"))
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: path) else {
            return .failure(HarnessError("swift build --package-path \(package) failed; its output is in \(log.path)"))
        }
        return .success(path)
    }()

    /// A server on 127.0.0.1 with the example's Atom feed (`Cases/atom-blog.xml`, synthetic) at
    /// `/feed.xml`, its entries' links on this server, and a real corpus page at `page`, the path
    /// of one entry; anything else is a 404.
    static func feedSite(page path: String) async throws -> LoopbackServer {
        let feed = try String(contentsOfFile: exampleCases + "/atom-blog.xml", encoding: .utf8)
        let page = try Corpus.bytes("html/002/source.html")
        let box = BaseURL()
        let server = try await LoopbackServer { request in
            switch request.uri {
            case "/feed.xml":
                return .ok(
                    Array(feed.replacingOccurrences(of: "https://blog.example.org", with: box.value).utf8),
                    contentType: "application/atom+xml")
            case path: return .ok(page, contentType: "text/html; charset=utf-8")
            default: return .status(404)
            }
        }
        box.value = server.baseURL
        return server
    }

    /// `libFaultyModule` or `libFutureAPIModule`, beside the reader binary.
    static func fixture(_ name: String) throws -> String {
        let folder = URL(fileURLWithPath: try ReaderBinary().path).deletingLastPathComponent()
        let path = folder.appendingPathComponent("lib\(name)\(suffix)").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw HarnessError("\(path) is missing: swift build builds it (Tests/ModuleFixtures)")
        }
        return path
    }

    /// A fresh plugin folder holding copies of `libraries`, as a user installs them.
    static func pluginFolder(_ libraries: [String]) throws -> String {
        let folder = URL(fileURLWithPath: try temporaryFolder("plugins")).standardizedFileURL.path
        for library in libraries {
            let name = URL(fileURLWithPath: library).lastPathComponent
            try FileManager.default.copyItem(atPath: library, toPath: folder + "/" + name)
        }
        return folder
    }
}

/// The server's address, known only once it listens, for the feed it serves.
final class BaseURL: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
