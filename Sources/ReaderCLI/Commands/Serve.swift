import ArgumentParser
import ReaderKit
import ReaderWeb

/// `reader serve`: the store as a website on this machine, until Ctrl-C.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the store as a local website: every stored RFC, page and post, the RFC index, and search.",
        discussion: """
            Listens on 127.0.0.1 (this machine only) unless --host names another address. Pages never fetch on their own; \
            an RFC that is not stored has a button that fetches it, except with --offline. Every page is also JSON, under \
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
        let settings = SiteSettings(host: host, port: port, offline: global.offline)
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
}
