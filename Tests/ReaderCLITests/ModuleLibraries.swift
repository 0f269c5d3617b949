import Foundation
import ReaderTestHarness

/// The module libraries the plugin tests load: the worked example, built by `.ci/run` (or by
/// hand: `swift build --package-path Examples/FeedModule`), and the faulty fixtures, built
/// with the package. A missing library fails the test that needs it, saying how to build it.
enum ModuleLibraries {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    #if os(macOS)
        static let suffix = ".dylib"
    #else
        static let suffix = ".so"
    #endif

    static var exampleCases: String { repository.appendingPathComponent("Examples/FeedModule/Cases").path }

    static func feed() throws -> String {
        let path = repository.appendingPathComponent("Examples/FeedModule/.build/debug/libFeedModule\(suffix)").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw HarnessError("\(path) is missing: build the example first, swift build --package-path Examples/FeedModule")
        }
        return path
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
