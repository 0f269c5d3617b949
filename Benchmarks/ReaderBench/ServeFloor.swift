import Foundation
import Hummingbird

/// `reader-bench serve-floor FILE PORT`: Hummingbird with nothing of `reader` in it, answering
/// every GET on 127.0.0.1:PORT with FILE's bytes, kept in memory from the start — what `reader
/// serve`'s kept page costs at the least on this stack (NIO's event loops, Hummingbird's router
/// and HTTP/1.1 channel), for `compare-serve.py` to measure beside `reader serve` and nginx.
/// Serves until killed.
func serveFloor(file: String, port: Int) async throws {
    guard let data = FileManager.default.contents(atPath: file) else { throw BenchError("serve-floor: cannot read \(file)") }
    let page = ByteBuffer(bytes: [UInt8](data))
    let router = Router()
    router.get("**") { _, _ in
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: page))
    }
    let application = Application(
        router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
        onServerRunning: { _ in
            // Unbuffered: the script waits for this line through a pipe.
            FileHandle.standardOutput.write(Data("serving \(file) at http://127.0.0.1:\(port)\n".utf8))
        })
    try await application.runService()
}
