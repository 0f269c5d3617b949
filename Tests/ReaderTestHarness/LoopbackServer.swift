import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1, on a port the kernel picks. Tests give it a handler
/// that answers each request, including with the faults a real network has.
public final class LoopbackServer: Sendable {
    public struct Request: Sendable {
        public var method: String
        /// The path and query, as sent.
        public var uri: String
        /// Header values by lowercased name.
        public var headers: [String: String]
    }

    public indirect enum Reply: Sendable {
        case respond(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
        /// Promises `declaredLength` bytes, sends `body`, then closes the connection.
        case dropConnection(status: Int, declaredLength: Int, body: [UInt8])
        /// Accepts the request and never answers.
        case stall
        /// Sends a chunked body that never ends, one chunk of `chunk` bytes after another.
        case endless(chunk: Int)
        /// Answers with `reply` after `seconds`.
        case delayed(TimeInterval, Reply)
        /// Sends `total` bytes of `a`, made `chunk` bytes at a time as the client reads them (so
        /// a 2 GB body is never held in memory), with a Content-Length when `declareLength`.
        case stream(total: Int, chunk: Int, declareLength: Bool)
        /// Sends `body` in pieces of `chunk` bytes, `interval` seconds apart: a slow download.
        case paced(status: Int, headers: [(String, String)], body: [UInt8], chunk: Int, interval: TimeInterval)
        /// A chunked body that never ends and never stops: a few bytes every `interval` seconds.
        case trickle(interval: TimeInterval)
        /// Promises `declaredLength` bytes, sends `body`, then resets the connection (TCP RST).
        case reset(status: Int, declaredLength: Int, body: [UInt8])

        public static func ok(_ body: [UInt8], contentType: String = "text/plain; charset=utf-8") -> Reply {
            .respond(status: 200, headers: [("Content-Type", contentType)], body: body)
        }

        public static func status(_ code: Int, headers: [(String, String)] = []) -> Reply {
            .respond(status: code, headers: headers, body: Array("status \(code)\n".utf8))
        }
    }

    public typealias Handler = @Sendable (Request) -> Reply

    private let channel: any Channel
    /// The event loops of a server started `isolated`, shut down with it.
    private let ownGroup: MultiThreadedEventLoopGroup?
    private let log = NIOLockedValueBox<[Request]>([])
    private let accepted = NIOLockedValueBox(0)
    private let handler = NIOLockedValueBox<Handler>({ _ in .status(404) })

    /// `http://127.0.0.1:PORT`
    public let baseURL: String
    public let port: Int

    /// The event loops the test servers share: their own, not NIO's singleton (two threads on
    /// two cores, which the clients in the same process use too), and more threads than cores,
    /// so that a loop held up by one test's handler or client does not keep every other
    /// server from answering (a loaded CI run had index fetches time out after 30 s).
    private static let loops = MultiThreadedEventLoopGroup(numberOfThreads: 8)

    /// Starts answering with `handler`. An `isolated` server has an event loop of its own, so
    /// that one pumping gigabytes does not hold up the servers of tests running beside it.
    public init(isolated: Bool = false, _ handler: @escaping Handler) async throws {
        self.handler.withLockedValue { $0 = handler }
        let box = ServerBox()
        let group = isolated ? MultiThreadedEventLoopGroup(numberOfThreads: 1) : nil
        ownGroup = group
        let bootstrap = ServerBootstrap(group: group ?? Self.loops)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [accepted] channel in
                accepted.withLockedValue { $0 += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(HTTPHandler(box: box))
                }
            }
        channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
        baseURL = "http://127.0.0.1:\(port)"
        box.server.withLockedValue { $0 = self }
    }

    /// Answers requests with `handler` from now on.
    public func setHandler(_ handler: @escaping Handler) {
        self.handler.withLockedValue { $0 = handler }
    }

    /// The requests received so far.
    public var requests: [Request] { log.withLockedValue { $0 } }

    /// The connections accepted so far (kept-alive ones count once).
    public var connectionsAccepted: Int { accepted.withLockedValue { $0 } }

    /// Stops listening; later connections are refused.
    public func stop() async {
        try? await channel.close()
        try? await ownGroup?.shutdownGracefully()
    }

    func answer(_ request: Request) -> Reply {
        log.withLockedValue { $0.append(request) }
        return handler.withLockedValue { $0 }(request)
    }
}

/// Lets the child channels reach the server once it exists.
final class ServerBox: Sendable {
    let server = NIOLockedValueBox<LoopbackServer?>(nil)
}

final class HTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let box: ServerBox
    private var head: HTTPRequestHead?

    init(box: ServerBox) { self.box = box }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head, let server = box.server.withLockedValue({ $0 }) else { return }
            var headers: [String: String] = [:]
            for (name, value) in head.headers { headers[name.lowercased()] = value }
            let request = LoopbackServer.Request(method: "\(head.method)", uri: head.uri, headers: headers)
            respond(server.answer(request), context: context, keepAlive: head.isKeepAlive)
        }
    }

    private func respond(_ reply: LoopbackServer.Reply, context: ChannelHandlerContext, keepAlive: Bool) {
        switch reply {
        case .respond(let status, let extra, let body):
            var headers = HTTPHeaders(extra)
            if !headers.contains(name: "Content-Length") { headers.add(name: "Content-Length", value: String(body.count)) }
            write(status: status, headers: headers, body: body, context: context)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            if !keepAlive { context.close(promise: nil) }
        case .dropConnection(let status, let declared, let body):
            write(status: status, headers: ["Content-Length": String(declared)], body: body, context: context)
            context.flush()
            context.close(promise: nil)
        case .stall:
            return
        case .delayed(let seconds, let later):
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .milliseconds(Int64(seconds * 1000))) {
                let (handler, context) = bound.value
                handler.respond(later, context: context, keepAlive: keepAlive)
            }
        case .endless(let size):
            write(status: 200, headers: ["Content-Type": "text/plain"], body: [], context: context)
            let chunk = context.channel.allocator.buffer(bytes: [UInt8](repeating: 0x61, count: size))
            sendForever(chunk, context: context)
        case .stream, .paced, .trickle, .reset:
            respondStreaming(reply, context: context)
        }
    }

    private func sendForever(_ chunk: ByteBuffer, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(chunk)))).whenComplete { result in
            let (handler, context) = bound.value
            if case .success = result { handler.sendForever(chunk, context: context) }
        }
    }

    func write(status: Int, headers: HTTPHeaders, body: [UInt8], context: ChannelHandlerContext) {
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
    }
}
