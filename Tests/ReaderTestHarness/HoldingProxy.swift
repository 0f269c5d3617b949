import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 proxy on 127.0.0.1 in front of a server of the tests (moto's S3): it forwards
/// every request as it came, and holds the ones a ``Gate`` matches until the test opens it.
/// So a test puts two processes' requests in an exact order — a push's root replacement held
/// while a `gc --remote` sweeps — with no timing at all.
public final class HoldingProxy: Sendable {
    public struct Request: Sendable {
        public let method: String
        /// The path and query, as sent.
        public let uri: String
    }

    /// Holds the requests `matches` accepts from when it is made until ``open()``.
    public final class Gate: Sendable {
        let matches: @Sendable (Request) -> Bool
        private let state = NIOLockedValueBox<(held: Int, open: Bool, drop: Bool, waiting: [CheckedContinuation<Bool, Never>])>(
            (0, false, false, []))

        init(_ matches: @escaping @Sendable (Request) -> Bool) { self.matches = matches }

        /// Requests held so far (released ones too).
        public var held: Int { state.withLockedValue { $0.held } }

        /// Lets every held request through, and every later one.
        public func open() { release(drop: false) }

        /// Closes the connection of every held request unanswered, without forwarding it (as
        /// if its sender had died with it); the gate holds nothing after.
        public func drop() { release(drop: true) }

        private func release(drop: Bool) {
            let waiting = state.withLockedValue { state in
                state.open = true
                state.drop = drop
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume(returning: !drop) }
        }

        /// Whether it was dropped: it matches nothing any more.
        var retired: Bool { state.withLockedValue { $0.drop } }

        /// Waits until at least `count` requests are held, looking every 20 ms; throws when
        /// `sender` ends first (its requests will never come).
        public func waitUntilHeld(_ count: Int = 1, from sender: ChildProcess) async throws {
            while held < count {
                if sender.hasEnded {
                    let exit = try? await sender.wait(timeout: 5)
                    throw HarnessError("the process ended before \(count) requests were held: \(exit.map { "\($0)" } ?? "?")")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// Waits until the gate opens; false when the request is to be dropped.
        func pass() async -> Bool {
            await withCheckedContinuation { continuation in
                let decided: Bool? = state.withLockedValue { state in
                    state.held += 1
                    if !state.open { state.waiting.append(continuation) }
                    return state.open ? !state.drop : nil
                }
                if let decided { continuation.resume(returning: decided) }
            }
        }
    }

    private let channel: any Channel
    private let gates = NIOLockedValueBox<[Gate]>([])
    public let baseURL: String

    /// Starts forwarding to `http://127.0.0.1:upstreamPort`.
    public init(upstreamPort: Int) async throws {
        let gates = self.gates
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(ForwardingHandler(upstreamPort: upstreamPort, gates: gates))
                }
            }
        channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        baseURL = "http://127.0.0.1:\(channel.localAddress?.port ?? 0)"
    }

    /// A gate holding the requests `matches` accepts from now on.
    public func hold(_ matches: @escaping @Sendable (Request) -> Bool) -> Gate {
        let gate = Gate(matches)
        gates.withLockedValue { $0.append(gate) }
        return gate
    }

    public func stop() async {
        for gate in gates.withLockedValue({ $0 }) { gate.drop() }
        try? await channel.close()
    }
}

/// Collects a request, waits at the gates that match it, forwards it on a connection of its
/// own and writes the answer back.
final class ForwardingHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let upstreamPort: Int
    private let gates: NIOLockedValueBox<[HoldingProxy.Gate]>
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()

    init(upstreamPort: Int, gates: NIOLockedValueBox<[HoldingProxy.Gate]>) {
        self.upstreamPort = upstreamPort
        self.gates = gates
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = context.channel.allocator.buffer(capacity: 0)
        case .body(var piece):
            body.writeBuffer(&piece)
        case .end:
            guard let head else { return }
            let body = self.body
            let request = HoldingProxy.Request(method: "\(head.method)", uri: head.uri)
            let matching = gates.withLockedValue { $0 }.filter { !$0.retired && $0.matches(request) }
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let port = upstreamPort
            let loop = context.eventLoop
            Task {
                var forward = true
                for gate in matching where !(await gate.pass()) { forward = false }
                let answer = forward ? try? await Self.forward(head, body: body, port: port) : nil
                loop.execute {
                    let (handler, context) = bound.value
                    handler.reply(answer, keepAlive: head.isKeepAlive, context: context)
                }
            }
        }
    }

    private func reply(_ answer: (HTTPResponseHead, ByteBuffer)?, keepAlive: Bool, context: ChannelHandlerContext) {
        guard let (head, body) = answer else {
            context.close(promise: nil)
            return
        }
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if body.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        if !keepAlive { context.close(promise: nil) }
    }

    static func forward(_ head: HTTPRequestHead, body: ByteBuffer, port: Int) async throws -> (HTTPResponseHead, ByteBuffer) {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let promise = loop.makePromise(of: (HTTPResponseHead, ByteBuffer).self)
        let channel = try await ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector(promise: promise))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        var head = head
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if body.readableBytes > 0 { channel.write(HTTPClientRequestPart.body(.byteBuffer(body)), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        defer { channel.close(promise: nil) }
        return try await promise.futureResult.get()
    }
}

/// The answer of one forwarded request, whole.
final class ResponseCollector: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<(HTTPResponseHead, ByteBuffer)>
    private var head: HTTPResponseHead?
    private var body = ByteBuffer()
    private var done = false

    init(promise: EventLoopPromise<(HTTPResponseHead, ByteBuffer)>) { self.promise = promise }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body(var piece): body.writeBuffer(&piece)
        case .end:
            guard let head, !done else { return }
            done = true
            promise.succeed((head, body))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(ChannelError.inputClosed)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !done {
            done = true
            promise.fail(error)
        }
        context.close(promise: nil)
    }
}
