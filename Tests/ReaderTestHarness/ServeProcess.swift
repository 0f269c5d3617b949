import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The built `reader serve` running as its own process on a free port of 127.0.0.1: what a
/// hostile request can do to it (crash it, hold it) is seen from outside, and a crash ends the
/// child, not the test.
public final class ServeProcess: Sendable {
    public let process: ChildProcess
    public let port: Int
    /// `http://127.0.0.1:PORT`
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts `reader serve --port P` and returns once it accepts connections.
    public init(_ reader: ReaderBinary, arguments: [String] = []) async throws {
        port = try Self.freePort()
        process = try reader.spawn(["serve", "--port", String(port)] + arguments)
        // A ceiling for a server that never starts, not a speed.
        for _ in 0..<600 {
            if process.hasEnded { throw HarnessError("reader serve ended before listening: \(try await process.wait(timeout: 5))") }
            if RawHTTP.canConnect(port: port) { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        process.kill()
        throw HarnessError("reader serve did not listen on port \(port)")
    }

    /// Whether the server is still running (it has not crashed).
    public var isRunning: Bool { !process.hasEnded }

    /// Ends the server; what it printed and how it ended.
    @discardableResult
    public func stop() async throws -> ChildProcess.Exit {
        process.kill(SIGKILL)
        return try await process.wait(timeout: 30)
    }

    /// A port no one listens on now (bound, read, closed): the server takes it at once.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = RawHTTP.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw HarnessError("bind: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// HTTP as raw bytes on a socket of its own, for requests no client library will send (two
/// `Host` headers, an absolute-form target, half a header, nothing at all).
public enum RawHTTP {
    public struct Reply: Sendable {
        /// Everything the server sent before it closed the connection (or before `wait` ran out).
        public var bytes: [UInt8]
        /// Whether the server closed the connection; false when the wait ran out first.
        public var closedByServer: Bool
        public var text: String { String(decoding: bytes, as: UTF8.self) }
        /// `200` from `HTTP/1.1 200 OK`; nil when nothing came.
        public var status: Int? {
            let words = text.prefix { $0 != "\r" }.split(separator: " ")
            return words.count > 1 ? Int(words[1]) : nil
        }
    }

    /// Sends `request` (nothing at all for "") and reads until the server closes the connection
    /// or `wait` seconds pass without it — a ceiling, the assertion is on `closedByServer`.
    public static func exchange(port: Int, _ request: String, wait: TimeInterval = 30) async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try blockingExchange(port: port, Array(request.utf8), wait: wait) })
            }
        }
    }

    static func blockingExchange(port: Int, _ request: [UInt8], wait: TimeInterval) throws -> Reply {
        let fd = try connected(port: port)
        defer { close(fd) }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw HarnessError("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
        let deadline = Date().addingTimeInterval(wait)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 || errno == ECONNRESET {
                return Reply(bytes: received, closedByServer: true)
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                throw HarnessError("recv: \(String(cString: strerror(errno)))")
            }
        }
        return Reply(bytes: received, closedByServer: false)
    }

    /// Whether something accepts connections on `port`.
    public static func canConnect(port: Int) -> Bool {
        guard let fd = try? connected(port: port) else { return false }
        close(fd)
        return true
    }

    static func connected(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw HarnessError("connect to 127.0.0.1:\(port): \(reason)")
        }
        return fd
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
