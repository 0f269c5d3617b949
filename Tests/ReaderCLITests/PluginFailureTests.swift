import Foundation
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// Third-party modules that go wrong (Tests/ModuleFixtures), and the rule that a request a
/// built-in module serves never looks at the plugin path.
@Suite struct PluginFailureTests {
    let store: String

    init() throws {
        store = try temporaryFolder("e2e-plugin-failures")
    }

    func reader(_ plugins: String) throws -> ReaderBinary {
        try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_PLUGIN_PATH": plugins])
    }

    func input(_ text: String) throws -> String {
        let path = URL(fileURLWithPath: try temporaryFolder("faulty")).standardizedFileURL.path + "/input.faulty"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aModuleForAnotherAPIVersionIsRefusedInOneLine() async throws {
        let library = try ModuleLibraries.fixture("FutureAPIModule")
        let plugins = try ModuleLibraries.pluginFolder([library, try ModuleLibraries.feed()])
        let run = try await reader(plugins).run(["sources", "--json"])
        #expect(run.status == 0, "\(run)")
        let path = plugins + "/libFutureAPIModule" + ModuleLibraries.suffix
        #expect(
            run.stderr
                == "reader: \(path): built for module API 2, but this reader loads module API 1 only: rebuild it against this reader's ReaderModuleExport; skipped\n"
        )
        #expect(run.stdout.contains("\"name\":\"feed\""))
    }

    /// The start-up rule: a built-in module serving the request, the plugin path is not even
    /// listed, so a broken library there says nothing.
    @Test func builtInRequestsNeverLoadThePluginPath() async throws {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.fixture("FutureAPIModule")])
        let reader = try reader(plugins)
        let file = try await reader.run(["open", Corpus.url("rfc/rfc1.txt").path, "--format", "json", "--verbose"])
        #expect(file.status == 0, "\(file)")
        #expect(file.stderr == "reader: store \(store)\n")
        let page = try await reader.run(["open", Corpus.url("html/mercurial/source.html").path, "--format", "json"])
        #expect(page.status == 0)
        #expect(page.stderr == "")
        let offline = try await reader.run(["open", "793", "--offline"])
        #expect(offline.status == 3)
        #expect(!offline.stderr.contains("FutureAPI"))
        let unknown = try await reader.run(["open", "nothing-here", "--verbose"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("reader: looking for modules in \(plugins)\n"))
        #expect(unknown.stderr.contains("libFutureAPIModule"))
    }

    @Test func aModuleThatThrowsIsNamed() async throws {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.fixture("FaultyModule")])
        let run = try await reader(plugins).run(["open", try input("anything\n")])
        #expect(run.status == 5)
        #expect(run.stderr == "reader: cannot parse: faulty: line 1: this module fails on purpose\n")
    }

    /// A module whose parse never returns is abandoned after the time limit: the command ends,
    /// one line naming the module, exit 5. (Without the limit it would run until the harness's
    /// own limit ended it, and fail.)
    @Test func aModuleThatNeverReturnsIsAbandoned() async throws {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.fixture("FaultyModule")])
        let file = try input("hang\n")
        let reader = try ReaderBinary(environment: ["READER_CACHE_DIR": store, "READER_PLUGIN_PATH": plugins, "READER_PARSE_TIMEOUT": "2"])
        let run = try await reader.run(["open", file], timeout: 60)
        #expect(run.status == 5, "\(run)")
        #expect(run.stderr.contains("faulty") && run.stderr.contains("took longer than 2 s"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
    }

    /// A segfault, a Swift trap, a stack overflow: each is one line naming the module, and exit 5.
    @Test(arguments: [("segfault", ["SIGSEGV"]), ("trap", ["SIGILL", "SIGTRAP"]), ("overflow", ["SIGSEGV", "SIGBUS"])])
    func aModuleThatCrashesIsNamed(fault: String, signals: [String]) async throws {
        let plugins = try ModuleLibraries.pluginFolder([try ModuleLibraries.fixture("FaultyModule")])
        let file = try input(fault + "\n")
        let run = try await reader(plugins).run(["open", file])
        #expect(run.status == 5, "\(run)")
        let last = try #require(run.stderr.split(separator: "\n").last.map(String.init))
        let library = plugins + "/libFaultyModule" + ModuleLibraries.suffix
        let expected = signals.map {
            "reader: module faulty (\(library)) crashed while parsing \(file) (\($0)); remove it from the plugin path or report the crash to its author"
        }
        #expect(expected.contains(last), "\(run)")
        #expect(!run.stderr.contains("💣"))
    }
}
