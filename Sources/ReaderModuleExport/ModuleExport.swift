import CReaderModuleABI
import Foundation
import ReaderPluginAPI

/// Makes a ``ParserModule`` loadable by `reader` at run time. A module library needs only:
///
/// ```swift
/// import ReaderModuleExport
///
/// @_cdecl("reader_module_entry")
/// public func readerModuleEntry() -> UnsafeRawPointer { ModuleExport.table(for: ReleasesModule()) }
/// ```
///
/// and a `.dynamic` library product. `reader` calls the table's C functions; each turns its
/// arguments into the API's Swift values, calls the module, and hands back JSON.
public enum ModuleExport {
    /// The version of the boundary this library speaks (`READER_MODULE_API_VERSION`).
    public static let apiVersion = Int(READER_MODULE_API_VERSION)

    /// The C table for `module`: the value `reader_module_entry` returns. The module is kept
    /// for the life of the process; a second call replaces it.
    public static func table(for module: some ParserModule) -> UnsafeRawPointer {
        Exported.shared.set(module)
        return UnsafeRawPointer(Exported.table)
    }
}

/// The one module this library exports: C function pointers cannot capture it, so they find it here.
final class Exported: @unchecked Sendable {
    static let shared = Exported()
    // Written once by `table(for:)` before reader calls anything, read under the lock after.
    private let lock = NSLock()
    private var module: (any ParserModule)?

    func set(_ module: any ParserModule) { lock.withLock { self.module = module } }
    var current: (any ParserModule)? { lock.withLock { module } }

    // Made once, never written again: reader only reads it.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<reader_module_table> = {
        let table = UnsafeMutablePointer<reader_module_table>.allocate(capacity: 1)
        table.initialize(
            to: reader_module_table(
                api_version: UInt32(READER_MODULE_API_VERSION), reserved: 0,
                describe: { out in Exported.answer(out) { module in .ok(try BoundaryJSON.encode(module.descriptor)) } },
                recognize: { prefix, count, fileName, mediaType in
                    guard let module = Exported.shared.current else { return 0 }
                    let bytes = prefix.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
                    let sample = Sample(
                        prefix: bytes[...], fileName: fileName.map { String(cString: $0) },
                        mediaType: mediaType.map { String(cString: $0) })
                    return Int32(clamping: min(100, max(0, module.recognize(sample))))
                },
                locate: { argument, settings, out in
                    Exported.answer(out) { module in
                        let settings = try BoundaryJSON.settings(from: settings.map { String(cString: $0) } ?? "{}")
                        guard let location = try module.locate(argument.map { String(cString: $0) } ?? "", settings: settings)
                        else { return .none }
                        return .ok(BoundaryJSON.location(location))
                    }
                },
                expand: { arguments, out in
                    Exported.answer(out) { module in
                        let arguments = try BoundaryJSON.strings(from: arguments.map { String(cString: $0) } ?? "[]")
                        return .ok(BoundaryJSON.strings(try module.expand(arguments)))
                    }
                },
                parse: { bytes, count, facts, out in
                    Exported.answer(out) { module in
                        let data = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
                        let input = try BoundaryJSON.input(bytes: data, facts: facts.map { String(cString: $0) } ?? "{}")
                        return .ok(try BoundaryJSON.encode(try module.parse(input)))
                    }
                },
                release: { text in free(text) }
            ))
        return table
    }()

    enum Answer {
        case ok(String)
        case none
    }

    /// Runs `body` with the module and writes its answer, or the error it threw, to `out`.
    static func answer(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: (any ParserModule) throws -> Answer
    ) -> Int32 {
        func give(_ text: String, _ status: Int32) -> Int32 {
            out?.pointee = strdup(text)
            return status
        }
        out?.pointee = nil
        guard let module = shared.current else {
            return give("no module is exported: call ModuleExport.table(for:) in reader_module_entry", READER_MODULE_FAILURE)
        }
        do {
            switch try body(module) {
            case .ok(let text): return give(text, READER_MODULE_OK)
            case .none: return READER_MODULE_NONE
            }
        } catch let error as ParseError {
            return give(BoundaryJSON.parseError(error), READER_MODULE_PARSE_ERROR)
        } catch let error as RequestError {
            return give(error.message, READER_MODULE_REQUEST_ERROR)
        } catch {
            return give("\(error)", READER_MODULE_FAILURE)
        }
    }
}
