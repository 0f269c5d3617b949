import Foundation
import ReaderTestHarness
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A hostile or careless plugin folder: what is not a library is not opened, and a folder
/// others can write to is said to be one.
@Suite struct PluginPathTests {
    func reader(plugins folder: String) throws -> ReaderBinary {
        try ReaderBinary(environment: ["READER_CACHE_DIR": try temporaryFolder("plugins-store"), "READER_PLUGIN_PATH": folder])
    }

    @Test func aFIFONamedLikeALibraryIsSkippedNotOpened() async throws {
        let folder = try temporaryFolder("fifo-plugins")
        try #require(mkfifo(folder + "/libx.so", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/liby.so", withIntermediateDirectories: false)
        // `dlopen` of a FIFO blocks until a writer comes: the harness's limit would end this.
        let run = try await reader(plugins: folder).run(["sources"], timeout: 60)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("libx.so: not a regular file"), "\(run)")
        #expect(run.stderr.contains("liby.so: not a regular file"), "\(run)")
        #expect(run.stdout.contains("rfc"))
    }

    @Test func aPluginFolderWritableByOthersIsWarnedAboutOnce() async throws {
        let folder = try temporaryFolder("open-plugins")
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: folder + "/libz.so"))
        chmod(folder, 0o777)
        let run = try await reader(plugins: folder).run(["sources"])
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("writable by everyone") }
        #expect(warnings.count == 1, "\(run)")
        #expect(warnings.first?.contains(folder) == true)
        chmod(folder, 0o755)
        let quiet = try await reader(plugins: folder).run(["sources"])
        #expect(!quiet.stderr.contains("writable"), "\(quiet)")
    }
}
