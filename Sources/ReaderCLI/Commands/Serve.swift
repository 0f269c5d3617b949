import ArgumentParser
import ReaderKit
import ReaderWeb

/// `reader serve`: the store as a website on this machine, until Ctrl-C.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the store as a local website: every stored document, the \(HelpExamples.listingName), and search.",
        discussion: """
            Listens on 127.0.0.1 (this machine only) unless --host names another address. Pages never fetch on their own; \
            a document that is not stored has a button that fetches it, except with --offline. Every page is also JSON, under \
            /api/ or with 'Accept: application/json'. Ctrl-C stops it.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "The port to listen on (0: any free one).")
    var port: Int = 8080

    @Option(name: .long, help: "The address to listen on; another than 127.0.0.1 lets other machines read the store.")
    var host: String = "127.0.0.1"

    func validate() throws {
        _ = try OutsideNumber.check(port, "--port", in: 0...65535)
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw ValidationError("--host takes an address such as 127.0.0.1")
        }
    }

    func run() async throws {
        let environment = Console.current.environment
        let settings = SiteSettings(
            host: host, port: port, offline: global.offline,
            idleTimeout: try Self.timeout("READER_SERVE_IDLE_TIMEOUT", environment) ?? .seconds(60),
            headerTimeout: try Self.timeout("READER_SERVE_HEADER_TIMEOUT", environment) ?? .seconds(10))
        MallocArenas.returnLargeBlocks()
        let site = Site(reader: global.makeReader(), settings: settings)
        let host = self.host
        let shown = host.contains(":") ? "[\(host)]" : host
        do {
            try await site.run { bound in
                // Once bound, so that a server that never listened warns of nothing, and the
                // port named is the one taken (not 0).
                if !settings.isLoopback {
                    Terminal.error("warning: listening on \(host): anyone who can reach this machine on port \(bound) can read the store")
                }
                Terminal.print("serving the store at http://\(shown):\(bound)/ (Ctrl-C to stop)")
            }
        } catch {
            guard let reason = ListenFailure.words(error, host: host, port: port) else { throw error }
            throw ReaderError.network(url: "http://\(shown):\(port)/", reason: "cannot listen there: \(reason)")
        }
        // Stopped by Ctrl-C: the answers under way were finished; the exit says it was asked.
        if Task.isCancelled { throw ReaderError.cancelled }
    }

    /// A timeout of the site in seconds from the environment; nil when unset. Outside
    /// ``SiteSettings/timeoutRange`` (or not a number: `inf`, `1e18`) it is refused in words.
    static func timeout(_ name: String, _ environment: [String: String]) throws -> Duration? {
        guard let text = environment[name] else { return nil }
        let range = SiteSettings.timeoutRange
        guard let seconds = Double(text), seconds.isFinite, range.contains(seconds) else {
            throw ReaderError.usage(
                "\(name) must be a number of seconds from \(range.lowerBound) to \(Int(range.upperBound)), not '\(text)'")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }
}
