import ReaderBuiltins
import Testing

@testable import ReaderKit
@testable import ReaderRegistry
@testable import ReaderRendering
@testable import ReaderSupport

/// Where third-party modules are looked for, as the contract says.
@Suite struct PluginPathTests {
    @Test func theEnvironmentChoosesTheFolders() {
        #expect(PluginPath.folders(environment: ["READER_PLUGIN_PATH": "/a:/b::/c", "HOME": "/h"]) == ["/a", "/b", "/c"])
        #expect(PluginPath.folders(environment: ["READER_PLUGIN_PATH": "", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == ["/x/reader/plugins"])
        #expect(PluginPath.folders(environment: ["XDG_DATA_HOME": "", "HOME": "/h"]) == ["/h/.local/share/reader/plugins"])
    }

    @Test func overridesAreModuleNames() {
        #expect(PluginPath.overrides(environment: ["READER_PLUGIN_OVERRIDE": " feed, lines,,"]) == ["feed", "lines"])
        #expect(PluginPath.overrides(environment: [:]).isEmpty)
    }

    /// With no plugin path, or an empty one, the registry is the built-in modules.
    @Test func anEmptyShelfChangesNothing() {
        let registry = Registry(modules: builtinModules, plugins: PluginShelf(folders: ["/nonexistent/reader-plugins"]))
        #expect(registry.registrations.count == builtinModules.count)
        #expect(registry.registrations.allSatisfy { $0.origin == "built-in" })
        #expect(registry.module(for: "releases") == nil)
    }
}
