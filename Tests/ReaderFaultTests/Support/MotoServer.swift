import Foundation
import ObjectStorage
import ReaderTestHarness
import Testing

/// moto's S3 server (`moto_server`, from PyPI's `moto[server]`) on 127.0.0.1, one per test,
/// with one bucket: a real S3 API that honours conditional writes, as the issue asks the
/// remote to be tested against. `.ci/run` installs it in `.build/moto` when the machine lacks
/// it; a test that cannot find it fails, saying how to get it (`READER_SKIP_MOTO=1` skips
/// those tests instead, saying so).
final class MotoServer: @unchecked Sendable {
    let port: Int
    let bucket = "reader-team"
    private var process: Process?
    private let executable: String

    static let credentials = ["AWS_ACCESS_KEY_ID": "AKIDREADERTEST", "AWS_SECRET_ACCESS_KEY": "reader-test-secret-key-0123456789"]

    static var skipped: Bool { ProcessInfo.processInfo.environment["READER_SKIP_MOTO"] == "1" }

    /// Where `moto_server` is: `READER_MOTO_SERVER`, else `.build/moto/bin/` (where `.ci/run`
    /// puts it), else on `PATH`.
    static func find() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var candidates = [packageRoot.appendingPathComponent(".build/moto/bin/moto_server").path]
        if let explicit = environment["READER_MOTO_SERVER"] { candidates.insert(explicit, at: 0) }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/moto_server" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts a server and makes the bucket; nil (with a recorded failure, or a SKIPPED line)
    /// when there is no `moto_server`.
    static func start() async throws -> MotoServer? {
        if skipped {
            print("SKIPPED: a remote test (READER_SKIP_MOTO=1)")
            return nil
        }
        guard let executable = find() else {
            Issue.record("moto_server not found: run .ci/run, or pip install 'moto[server]' (READER_SKIP_MOTO=1 skips these tests)")
            return nil
        }
        let server = MotoServer(executable: executable, port: try Self.freePort())
        try await server.launch()
        return server
    }

    private init(executable: String, port: Int) {
        self.executable = executable
        self.port = port
    }

    var endpoint: String { "http://127.0.0.1:\(port)" }
    var remote: String { "s3://\(bucket)/shared" }

    /// The environment a `reader` needs to reach the bucket.
    var environment: [String: String] {
        Self.credentials.merging(["AWS_ENDPOINT_URL_S3": endpoint, "AWS_REGION": "us-east-1", "READER_REMOTE": remote]) { $1 }
    }

    /// (Re)starts the server on its port, empty, and makes the bucket.
    func launch() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-H", "127.0.0.1", "-p", "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let client = self.client()
        defer { Task { await client.shutdown() } }
        for _ in 0..<600 {
            if (try? await client.put("", [])) != nil { return }
            guard process.isRunning else { throw HarnessError("moto_server exited with status \(process.terminationStatus)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError("moto_server did not answer on port \(port)")
    }

    /// Kills the server at once (SIGKILL): what it held is gone.
    func kill() {
        guard let process, process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() { kill() }

    /// A client of the bucket, for a test to look at what is there.
    func client() -> Bucket {
        let settings = RemoteSettings(
            endpoint: (try? Endpoint(url: endpoint)) ?? Endpoint.aws(region: "us-east-1", bucket: bucket), region: "us-east-1",
            credentials: Credentials(accessKeyID: "AKIDREADERTEST", secretAccessKey: "reader-test-secret-key-0123456789"))
        return Bucket(name: bucket, settings: settings, timeout: 30)
    }

    /// The number of objects under `prefix` of the remote (`objects/` for blobs).
    func count(_ prefix: String) async throws -> Int {
        let client = self.client()
        defer { Task { await client.shutdown() } }
        return try await client.list(prefix: "shared/" + prefix).count
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw HarnessError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
