import Foundation
import ReaderPluginAPI
import Synchronization

/// The third-party modules on the plugin path, loaded the first time something asks for
/// them — never when a built-in module serves the request, so that `reader open 793` starts
/// as fast without plugins as with them.
public final class PluginShelf: Sendable {
    /// The folders searched, in order.
    public let folders: [String]
    /// Names of third-party modules that win conflicts with built-in ones.
    public let overrides: Set<String>
    /// Told one line about each library that is refused.
    private let report: @Sendable (String) -> Void
    /// Told one line about each module loaded (for `--verbose`).
    private let trace: (@Sendable (String) -> Void)?
    private let loaded = Mutex<[Registry.Registration]?>(nil)

    public init(
        folders: [String], overrides: Set<String> = [], report: @escaping @Sendable (String) -> Void = { _ in },
        trace: (@Sendable (String) -> Void)? = nil
    ) {
        self.folders = folders
        self.overrides = overrides
        self.report = report
        self.trace = trace
    }

    /// The shelf the contract's environment describes (`READER_PLUGIN_PATH`, …).
    public convenience init(
        environment: [String: String], report: @escaping @Sendable (String) -> Void = { _ in },
        trace: (@Sendable (String) -> Void)? = nil
    ) {
        self.init(
            folders: PluginPath.folders(environment: environment), overrides: PluginPath.overrides(environment: environment),
            report: report, trace: trace)
    }

    /// The modules, loading them on the first call. A module whose name is taken (by a
    /// built-in module, in `taken`, or by an earlier library) is refused.
    func registrations(taken: Set<String>) -> [Registry.Registration] {
        loaded.withLock { loaded in
            if let loaded { return loaded }
            var names = taken
            var found: [Registry.Registration] = []
            trace?("looking for modules in \(folders.joined(separator: ":"))")
            for path in PluginPath.libraries(in: folders, report: report) {
                switch ModuleLibrary.load(path) {
                case .failure(let refusal):
                    report(refusal.description)
                case .success(let module):
                    guard names.insert(module.descriptor.name).inserted else {
                        report("\(path): a module named '\(module.descriptor.name)' is already loaded; skipped")
                        continue
                    }
                    found.append(Registry.Registration(module: module, origin: path))
                    trace?("module \(module.descriptor.name) \(module.descriptor.version) loaded from \(path)")
                }
            }
            loaded = found
            return found
        }
    }
}
