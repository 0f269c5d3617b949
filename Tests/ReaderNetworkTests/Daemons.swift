import Foundation
import ReaderTestHarness

#if canImport(Glibc)
import Glibc
#endif

/// The real servers of Debian these tests start on 127.0.0.1 and [::1]: tinyproxy, nginx,
/// openssl. Absent ones skip their tests with a message, except in CI (`CI=true`), where
/// `.ci/run` installs them and their absence is a failure.
enum Tools {
    static func path(_ name: String) -> String? {
        ["/usr/bin/", "/usr/sbin/", "/usr/local/bin/", "/usr/local/sbin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Whether tests needing `names` run: when all are installed, and always in CI.
    static func runs(_ names: String...) -> Bool {
        let missing = names.filter { path($0) == nil }
        if !missing.isEmpty && !inCI {
            print(
                "SKIPPED: \(missing.joined(separator: ", ")) not installed (apt-get install \(missing.joined(separator: " "))); CI=true fails instead"
            )
        }
        return missing.isEmpty || inCI
    }

    static func require(_ name: String) throws -> String {
        guard let found = path(name) else { throw HarnessError("\(name) is not installed (.ci/run installs it)") }
        return found
    }

    /// Runs `tool arguments…` to its end, without holding a thread; its output when it fails.
    static func run(_ tool: String, _ arguments: [String]) async throws {
        let exit = try await ChildProcess(try require(tool), arguments, environment: ["PATH": "/usr/bin:/bin"]).wait(timeout: 60)
        guard exit.status == 0 else { throw HarnessError("\(tool) \(arguments.joined(separator: " ")): \(exit)") }
    }
}

/// A port free on 127.0.0.1 (or ::1) a moment ago: for a server that takes its port from a file.
func freePort(v6: Bool = false) throws -> Int {
    let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HarnessError("socket failed") }
    defer { close(fd) }
    var storage = sockaddr_storage()
    var length: socklen_t
    if v6 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        withUnsafeBytes(of: &address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
    } else {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeBytes(of: &address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
    }
    let port: Int? = withUnsafeMutablePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> Int? in
            guard bind(fd, address, length) == 0, getsockname(fd, address, &length) == 0 else { return nil }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }
    guard let port else { throw HarnessError("bind failed: \(String(cString: strerror(errno)))") }
    return port
}

/// A server process these tests started, stopped through its own process group (never by
/// name), and reaped without holding a thread.
final class Daemon: Sendable {
    let process: ChildProcess

    init(_ tool: String, _ arguments: [String], ready port: Int, host: String = "127.0.0.1") async throws {
        process = try ChildProcess(try Tools.require(tool), arguments, environment: ["PATH": "/usr/bin:/bin"])
        // Ready when it accepts connections: asked every 20 ms, for at most 10 s.
        for _ in 0..<500 {
            if Self.accepts(host: host, port: port) { return }
            if process.hasEnded { throw HarnessError("\(tool) exited at once: \(try await process.wait(timeout: 5))") }
            try await Task.sleep(for: .milliseconds(20))
        }
        await stop()
        throw HarnessError("\(tool) did not listen on \(host) port \(port)")
    }

    func stop() async {
        process.kill()
        _ = try? await process.wait(timeout: 10)
    }

    static func accepts(host: String, port: Int) -> Bool {
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            address.sin6_port = UInt16(port).bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// tinyproxy on 127.0.0.1 with a config of its own, its log read to count what it carried.
final class Tinyproxy: Sendable {
    let port: Int
    let log: String
    private let daemon: Daemon

    /// `credentials`: "user:password" it demands (BasicAuth), when given.
    init(credentials: (String, String)? = nil) async throws {
        let folder = try temporaryFolder("tinyproxy")
        // tinyproxy drops root for nobody, who must write the log.
        chmod(folder, 0o777)
        port = try freePort()
        log = folder + "/tinyproxy.log"
        var config = """
            Port \(port)
            Listen 127.0.0.1
            Timeout 30
            LogFile "\(log)"
            LogLevel Connect
            MaxClients 64
            Allow 127.0.0.1

            """
        if getuid() == 0 { config += "User nobody\nGroup nogroup\n" }
        if let (user, password) = credentials { config += "BasicAuth \(user) \(password)\n" }
        // No ConnectPort line: CONNECT to any port (the test servers' ports are the kernel's).
        try config.write(toFile: folder + "/tinyproxy.conf", atomically: true, encoding: .utf8)
        daemon = try await Daemon("tinyproxy", ["-d", "-c", folder + "/tinyproxy.conf"], ready: port)
    }

    /// `http://127.0.0.1:PORT`
    var url: String { "http://127.0.0.1:\(port)" }

    /// The requests it carried (`CONNECT host:port` or `GET http://…`), from its log.
    func carried() -> [String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            line.range(of: "Request (file descriptor").map { String(line[$0.upperBound...].drop { $0 != ":" }.dropFirst(2)) }
        }
    }

    func stop() async { await daemon.stop() }
}
