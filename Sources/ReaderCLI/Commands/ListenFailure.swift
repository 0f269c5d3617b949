import Foundation
import NIOCore

/// Why `reader serve` cannot listen, in words and with what to do: not SwiftNIO's
/// `bind(descriptor:ptr:bytes:)` and errno, which is all its error says.
enum ListenFailure {
    /// The reason for `error`, or nil when it is not a failure to listen.
    static func words(_ error: any Error, host: String, port: Int) -> String? {
        if error is SocketAddressError.UnknownHost { return "no address is named \(host) (it does not resolve)" }
        guard let error = error as? IOError else { return nil }
        switch error.errnoCode {
        case EADDRINUSE: return "port \(port) is in use by another program (--port 0 takes any free one)"
        case EADDRNOTAVAIL: return "\(host) is not an address of this machine"
        case EACCES: return "not allowed to listen on port \(port) (below 1024 a port needs privileges)"
        default: return String(cString: strerror(error.errnoCode))
        }
    }
}
