import Foundation

/// Where third-party modules are looked for (the contract): the folders of `READER_PLUGIN_PATH`
/// (colon-separated), else `$XDG_DATA_HOME/reader/plugins`, else `~/.local/share/reader/plugins`.
public enum PluginPath {
    public static func folders(environment: [String: String]) -> [String] {
        func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        if let path = nonEmpty(environment["READER_PLUGIN_PATH"]) {
            return path.split(separator: ":").map(String.init)
        }
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]) { return [xdg + "/reader/plugins"] }
        let home = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
        return [home + "/.local/share/reader/plugins"]
    }

    /// The module libraries in `folders`, in path order, then by name: `*.so` (`*.dylib` on macOS).
    static func libraries(in folders: [String]) -> [String] {
        #if os(macOS)
            let suffix = ".dylib"
        #else
            let suffix = ".so"
        #endif
        var seen = Set<String>()
        var found: [String] = []
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where name.hasSuffix(suffix) {
                let path = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
                if seen.insert(path).inserted { found.append(path) }
            }
        }
        return found
    }

    /// The third-party modules that win conflicts with built-in ones: `READER_PLUGIN_OVERRIDE`,
    /// module names separated by commas.
    public static func overrides(environment: [String: String]) -> Set<String> {
        Set((environment["READER_PLUGIN_OVERRIDE"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty })
    }
}
