import ReaderModuleExport
import ReaderPluginAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A module that fails on purpose, as its input tells it to (see README.md beside it).
struct FaultyModule: ParserModule {
    let descriptor = ModuleDescriptor(
        name: "faulty", requestTypes: ["faulty"], fileExtensions: ["faulty"], version: "1",
        summary: "Fails on purpose: a fixture of reader's tests.")

    func parse(_ input: ParseInput) throws -> Document {
        let word = String(decoding: input.bytes.prefix(16), as: UTF8.self).split(separator: "\n").first ?? ""
        switch word {
        case "segfault":
            // A bad pointer, as a buggy module in C or unsafe Swift would write through.
            let address = UnsafeMutablePointer<Int>(bitPattern: 0x10)
            address?.pointee = 1
        case "trap":
            fatalError("the faulty module stops here on purpose")
        case "hang":
            // Never returns, as a module stuck in a loop on some input would.
            while !input.bytes.isEmpty { sleep(1) }
        case "overflow":
            return Document(source: "faulty", key: input.key, title: String(Self.deeper(1)))
        default:
            break
        }
        throw ParseError(module: descriptor.name, location: "line 1", reason: "this module fails on purpose")
    }

    /// Recurses with no end the optimiser can see, until the stack runs out.
    static func deeper(_ depth: Int) -> Int {
        guard depth < Int.max else { return depth }
        var frame = [Int](repeating: depth, count: 64)
        frame[depth % 64] = deeper(depth + 1)
        return frame.reduce(0, &+)
    }
}

@_cdecl("reader_module_entry")
public func readerModuleEntry() -> UnsafeRawPointer { ModuleExport.table(for: FaultyModule()) }
