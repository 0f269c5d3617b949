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

    /// The module libraries in `folders`, in path order, then by name: `*.so` (`*.dylib` on
    /// macOS) that are regular files. Anything else with that name (a FIFO would hang `dlopen`
    /// forever, a device or folder cannot be a library) is skipped with one line; a folder or
    /// library that others can write to is loaded with one warning, since whoever can write
    /// there can run code as you.
    static func libraries(in folders: [String], report: (String) -> Void = { _ in }) -> [String] {
        #if os(macOS)
        let suffix = ".dylib"
        #else
        let suffix = ".so"
        #endif
        var seen = Set<String>()
        var found: [String] = []
        for folder in folders {
            // Most people have no plugin folder: asking `FileManager` for it anyway (its first
            // use, then an error) was 2 % of a `reader find`.
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR,
                let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { continue }
            let libraries = names.sorted().filter { $0.hasSuffix(suffix) }
            if !libraries.isEmpty, let why = writableByOthers(folder) {
                report("warning: the plugin folder \(folder) \(why): anyone who can write there can run code as you")
            }
            for name in libraries {
                let path = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                guard info.st_mode & S_IFMT == S_IFREG else {
                    report("\(path): not a regular file (a FIFO, device or folder); skipped")
                    continue
                }
                if let why = writableByOthers(path) {
                    report("warning: the module library \(path) \(why): anyone who can write it can run code as you")
                }
                if seen.insert(path).inserted { found.append(path) }
            }
        }
        return found
    }

    /// Why others than you could change `path`: writable by its group or by everyone, or owned
    /// by another user (root excepted); nil when only you (or root) can.
    static func writableByOthers(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_mode & 0o002 != 0 { return "is writable by everyone" }
        if info.st_mode & 0o020 != 0 { return "is writable by its group" }
        if info.st_uid != geteuid() && info.st_uid != 0 { return "belongs to another user" }
        return nil
    }

    /// The third-party modules that win conflicts with built-in ones: `READER_PLUGIN_OVERRIDE`,
    /// module names separated by commas.
    public static func overrides(environment: [String: String]) -> Set<String> {
        Set(
            (environment["READER_PLUGIN_OVERRIDE"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty })
    }
}
