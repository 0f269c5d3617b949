import ArgumentParser
import ReaderKit
import ReaderPluginAPI

struct Sources: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sources", abstract: "List the parser modules: name, request types, URL patterns, version, origin.")

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print a JSON array.")
    var json = false

    struct Listing: Encodable {
        var name: String
        var requestTypes: [String]
        var urlPatterns: [String]
        var mediaTypes: [String]
        var version: String
        var origin: String
        var summary: String
    }

    func run() async throws {
        let listings = global.makeReader().sources.map { registration in
            let descriptor = registration.module.descriptor
            return Listing(
                name: descriptor.name, requestTypes: descriptor.requestTypes, urlPatterns: descriptor.urlPatterns,
                mediaTypes: descriptor.mediaTypes, version: descriptor.version, origin: registration.origin,
                summary: descriptor.summary)
        }
        if json {
            Terminal.printRaw(try JSONRenderer.line(listings))
            return
        }
        Terminal.print(listings.map { listing in
            let patterns = listing.urlPatterns.isEmpty ? "" : "\n    urls: " + listing.urlPatterns.joined(separator: " ")
            return "\(listing.name) \(listing.version) (\(listing.origin)): \(listing.requestTypes.joined(separator: ", "))"
                + "\n    \(listing.summary)" + patterns
        }.joined(separator: "\n"))
    }
}
