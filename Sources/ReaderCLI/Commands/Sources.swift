import ArgumentParser
import Foundation
import ReaderKit
import ReaderPluginAPI

struct Sources: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the parser modules: name, request types, URL patterns, version, origin.",
        discussion: """
            Third-party modules are loaded from READER_PLUGIN_PATH (folders separated by colons), \
            else $XDG_DATA_HOME/reader/plugins, else ~/.local/share/reader/plugins. \
            --check FOLDER runs the module test cases (*.json) in FOLDER against the modules they name.
            """)

    @OptionGroup var global: StoreOptions

    @Flag(name: .long, help: "Print a JSON array.")
    var json = false

    @Option(name: .long, help: "Run the module test cases in this folder; exit 1 if one fails.", completion: .directory)
    var check: String?

    struct Listing: Encodable {
        var name: String
        var requestTypes: [String]
        var urlPatterns: [String]
        var mediaTypes: [String]
        var version: String
        var origin: String
        var summary: String
        /// The patterns of the shorthands it declares (`{number}`, `rfc {number}`, `@{name}`).
        var shorthands: [String]
    }

    func run() async throws {
        let registrations = global.makeReader().sources
        if let check {
            try SourcesCheck(folder: check, registrations: registrations, json: json).run()
            return
        }
        let listings = registrations.map { registration in
            let descriptor = registration.module.descriptor
            return Listing(
                name: descriptor.name, requestTypes: descriptor.requestTypes, urlPatterns: descriptor.urlPatterns,
                mediaTypes: descriptor.mediaTypes, version: descriptor.version, origin: registration.origin,
                summary: descriptor.summary, shorthands: descriptor.identifiers.map(\.pattern))
        }
        if json {
            Terminal.printRaw(try JSONRenderer.line(listings))
            return
        }
        Terminal.print(
            listings.map { listing in
                let patterns = listing.urlPatterns.isEmpty ? "" : "\n    urls: " + listing.urlPatterns.joined(separator: " ")
                return "\(listing.name) \(listing.version) (\(listing.origin)): \(listing.requestTypes.joined(separator: ", "))"
                    + "\n    \(listing.summary)" + patterns
            }.joined(separator: "\n"))
    }
}
