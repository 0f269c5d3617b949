import CReaderModuleABI
import Foundation
import ReaderModuleExport
import ReaderPluginAPI

/// Opens a module library from the plugin path and checks that it speaks this reader's
/// module API. A library is never closed: Swift code cannot be unloaded safely.
enum ModuleLibrary {
    /// Why a library was not loaded, as the one line `reader` prints about it.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    static func load(_ path: String) -> Result<ForeignModule, Refusal> {
        func refuse(_ reason: String) -> Result<ForeignModule, Refusal> { .failure(Refusal(description: "\(path): \(reason); skipped")) }
        // RTLD_LOCAL keeps its symbols to itself; its own Swift copies of the plugin API bind
        // to themselves first (RTLD_DEEPBIND), never to the host's.
        guard let handle = CrashGuard.during("reader: the library \(path) crashed while loading", { dlopen(path, openFlags) })
        else {
            return refuse("cannot be loaded: \(dlerror().map { String(cString: $0) } ?? "unknown error")")
        }
        guard let symbol = dlsym(handle, READER_MODULE_ENTRY_SYMBOL) else {
            return refuse("is not a reader module (it exports no \(READER_MODULE_ENTRY_SYMBOL))")
        }
        let entry = unsafeBitCast(symbol, to: reader_module_entry_function.self)
        guard let table = CrashGuard.during("reader: the library \(path) crashed while loading", { entry() }) else {
            return refuse("its \(READER_MODULE_ENTRY_SYMBOL) gave no module")
        }
        let version = table.pointee.api_version
        guard version == UInt32(READER_MODULE_API_VERSION) else {
            return refuse(
                "built for module API \(version), but this reader loads module API \(READER_MODULE_API_VERSION) only: "
                    + "rebuild it against this reader's ReaderModuleExport")
        }
        guard let describe = table.pointee.describe else { return refuse("its module has no describe function") }
        var out: UnsafeMutablePointer<CChar>? = nil
        let status = CrashGuard.during("reader: the library \(path) crashed while describing its module") { describe(&out) }
        guard status == READER_MODULE_OK, let out else { return refuse("its module cannot describe itself") }
        let text = String(cString: out)
        table.pointee.release?(out)
        let descriptor: ModuleDescriptor
        do {
            descriptor = try BoundaryJSON.decode(ModuleDescriptor.self, from: text)
        } catch {
            return refuse("its descriptor is not the JSON of module API \(READER_MODULE_API_VERSION)")
        }
        guard !descriptor.name.isEmpty, !descriptor.requestTypes.isEmpty else {
            return refuse("its module has no name or no request type")
        }
        return .success(ForeignModule(table: ForeignModule.Table(pointer: table), descriptor: descriptor, path: path))
    }

    #if os(Linux)
    private static let openFlags = RTLD_NOW | RTLD_LOCAL | 0x0008  // RTLD_DEEPBIND (glibc)
    #else
    private static let openFlags = RTLD_NOW | RTLD_LOCAL
    #endif
}
