import CReaderModuleABI
import ReaderModuleExport
import ReaderPluginAPI

/// A parser module from a library on the plugin path, called through its C table
/// (`reader_module.h`): bytes and JSON in, JSON out, each call under the crash guard.
struct ForeignModule: ParserModule {
    /// The library's table; it lives as long as the process, since libraries are never unloaded.
    struct Table: @unchecked Sendable {
        let pointer: UnsafePointer<reader_module_table>
    }

    let table: Table
    let descriptor: ModuleDescriptor
    /// The library it was loaded from.
    let path: String

    private var name: String { descriptor.name }

    func parse(_ input: ParseInput) throws -> Document {
        guard let function = table.pointer.pointee.parse else { throw failure("it has no parse function") }
        let facts = BoundaryJSON.inputFacts(input)
        let (status, text) = call("parsing \(input.key)") { out in
            input.bytes.withUnsafeBufferPointer { bytes in
                facts.withCString { function(bytes.baseAddress, bytes.count, $0, out) }
            }
        }
        guard status == READER_MODULE_OK else { throw thrown(status, text) }
        do {
            return try BoundaryJSON.decode(Document.self, from: text ?? "")
        } catch {
            throw failure("its document is not the JSON of module API \(ModuleExport.apiVersion): \(error)")
        }
    }

    func recognize(_ sample: Sample) -> Int {
        guard let function = table.pointer.pointee.recognize else { return 0 }
        let prefix = Array(sample.prefix)
        let score = CrashGuard.during(crashLine("recognizing \(sample.fileName ?? "an input")")) {
            prefix.withUnsafeBufferPointer { bytes in
                withOptionalCString(sample.fileName) { fileName in
                    withOptionalCString(sample.mediaType) { function(bytes.baseAddress, bytes.count, fileName, $0) }
                }
            }
        }
        return min(100, max(0, Int(score)))
    }

    func locate(_ argument: String, settings: Settings) throws -> Location? {
        guard let function = table.pointer.pointee.locate else { return nil }
        let json = BoundaryJSON.settings(settings)
        let (status, text) = call("locating \(argument)") { out in
            argument.withCString { argument in json.withCString { function(argument, $0, out) } }
        }
        if status == READER_MODULE_NONE { return nil }
        guard status == READER_MODULE_OK else { throw thrown(status, text) }
        do {
            return try BoundaryJSON.location(from: text ?? "")
        } catch {
            throw failure("its location is not the JSON of module API \(ModuleExport.apiVersion): \(error)")
        }
    }

    func expand(_ arguments: [String]) throws -> [String] {
        guard let function = table.pointer.pointee.expand else { return arguments }
        let json = BoundaryJSON.strings(arguments)
        let (status, text) = call("expanding \(arguments.joined(separator: " "))") { out in
            json.withCString { function($0, out) }
        }
        guard status == READER_MODULE_OK else { throw thrown(status, text) }
        do {
            return try BoundaryJSON.strings(from: text ?? "")
        } catch {
            throw failure("its arguments are not a JSON array: \(error)")
        }
    }

    /// Calls into the library; returns its status and the text it answered, given back to it.
    private func call(
        _ activity: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32
    )
        -> (Int32, String?)
    {
        var out: UnsafeMutablePointer<CChar>? = nil
        let status = CrashGuard.during(crashLine(activity)) { body(&out) }
        guard let out else { return (status, nil) }
        let text = String(cString: out)
        if let release = table.pointer.pointee.release { CrashGuard.during(crashLine("releasing memory")) { release(out) } }
        return (status, text)
    }

    private func crashLine(_ activity: String) -> String {
        "reader: module \(name) (\(path)) crashed while \(activity)"
    }

    /// The error a failed call stands for: what the module threw, named after it.
    private func thrown(_ status: Int32, _ text: String?) -> any Error {
        switch status {
        case READER_MODULE_PARSE_ERROR:
            var error = (try? BoundaryJSON.parseError(from: text ?? "")) ?? ParseError(module: name, reason: text ?? "")
            error.module = name
            return error
        case READER_MODULE_REQUEST_ERROR:
            return RequestError(text ?? "\(name) cannot read this request")
        default:
            return failure(text ?? "it failed without saying why (status \(status))")
        }
    }

    private func failure(_ reason: String) -> ParseError {
        ParseError(module: name, location: nil, reason: reason)
    }
}

private func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
