import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A port on 127.0.0.1 where nothing listens, held bound so that no other test's server can
/// get it while the test runs: every connection to it is refused. (A stopped server's port may
/// be handed to the next server a parallel test starts.)
public final class ClosedPort: Sendable {
    public let port: Int
    private let fd: Int32

    /// `http://127.0.0.1:PORT`
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw HarnessError("bind: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}
