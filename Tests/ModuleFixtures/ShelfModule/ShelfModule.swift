import ReaderModuleExport
import ReaderPluginAPI

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A module that declares a listing (``Listing``) the engine knows nothing of: a shelf list of
/// notes (`shelf`), each note a document of its own (`note`, `note:NAME`). The list's lines
/// are `id|title|status|date|lost`; a note's first line is its title. Both live under
/// `READER_SHELF_URL`: `shelf.txt` and `notes/NAME.txt`. `reader list`, `search`, `fetch note
/// every`, the absence of a lost note and the site's `/index` answer for it as for the RFC
/// index (Tests/ReaderCLITests/ListingCapabilityTests.swift). A note names its line of the
/// list (``Document/describedBy``); `READER_SHELF_TITLES_WIN=0` in the environment makes a
/// module whose listing's titles do not win over the notes' own.
struct ShelfModule: ParserModule {
    let descriptor: ModuleDescriptor

    init(titlesWin: Bool) {
        descriptor = Self.descriptor(titlesWin: titlesWin)
    }

    static func descriptor(titlesWin: Bool) -> ModuleDescriptor {
        ModuleDescriptor(
            name: "shelf", requestTypes: ["shelf", "note"], version: "1", summary: "A shelf list of notes: a fixture of reader's tests.",
            identifiers: [Identifier(pattern: "note:{name}", requestType: "note", key: "note/{name}", label: "note {name}")],
            listings: [
                Listing(
                    requestType: "shelf", describes: "note", name: "shelf list", absentField: "lost", absentMark: "Lost",
                    absentReason: "lost",
                    statuses: ["KEPT", "LENT"], titlesWin: titlesWin, everyWord: "every")
            ])
    }

    func locate(_ argument: String, settings: Settings) throws -> Location? {
        guard let base = settings["READER_SHELF_URL"] else { throw RequestError("set READER_SHELF_URL to the shelf's address") }
        if argument.isEmpty { return Location(key: "shelf", urls: [base + "/shelf.txt"]) }
        guard argument.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw RequestError("a note is named by letters, digits and '-'")
        }
        return Location(key: "note/" + argument, urls: [base + "/notes/" + argument + ".txt"])
    }

    func parse(_ input: ParseInput) throws -> Document {
        let lines = String(decoding: input.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        guard input.requestType == "shelf" else {
            let title = lines.first ?? ""
            return Document(
                source: "note", key: input.key, title: title, blocks: lines.dropFirst().map { Block.text($0) },
                describedBy: EntryReference(key: "shelf", id: String(input.key.dropFirst("note/".count))))
        }
        let entries = lines.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init) + ["", "", "", ""]
            let lost = cells[4] == "lost"
            return Entry(
                id: cells[0], title: cells[1], date: cells[3].isEmpty ? nil : cells[3], status: cells[2].isEmpty ? nil : cells[2],
                fields: ["lost": .bool(lost)])
        }
        guard !entries.isEmpty else { throw ParseError(module: descriptor.name, reason: "an empty shelf list") }
        return Document(source: "shelf", key: input.key, title: "Shelf list", entries: entries)
    }
}

@_cdecl("reader_module_entry")
public func readerModuleEntry() -> UnsafeRawPointer {
    ModuleExport.table(for: ShelfModule(titlesWin: getenv("READER_SHELF_TITLES_WIN").map { String(cString: $0) } != "0"))
}
