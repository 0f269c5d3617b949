import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 server with two guards in front of its request handling, each a
/// handler of the connection's pipeline:
///
/// - ``ConnectionClock`` closes a connection that holds a socket without asking anything: one
///   that sends nothing for `idleTimeout` (before its first request or after an answer), and
///   one whose request header has not arrived whole `headerTimeout` after its first byte (half
///   a header, or one dripped a byte at a time). 1,100 silent connections under `ulimit -n
///   1024` made every page time out before (issue 28).
/// - ``RequestHeadCheck`` answers 400 to what RFC 9112 says a server must refuse before the
///   router sees it: more than one `Host` header (§3.2), and an absolute-form target whose
///   authority is not the `Host` (§3.2.2: the target's authority wins, and the conversion to
///   HTTPTypes keeps only the path, so the router's ``HostCheck`` would read the `Host`).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel
    let idleTimeout: Duration
    let headerTimeout: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let clock = ConnectionClock(idle: TimeAmount(idleTimeout), header: TimeAmount(headerTimeout))
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(clock, position: .first)
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(RequestHeadCheck(clock: clock), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }

    /// The server `Application` runs.
    static func builder(idleTimeout: Duration, headerTimeout: Duration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                inner: HTTP1Channel(responder: responder), idleTimeout: idleTimeout, headerTimeout: headerTimeout)
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// The first handler of a connection: sees every byte that arrives, and closes the connection
/// when it waits too long for a request (see ``GuardedHTTP1Channel``). A request being read
/// (its header whole) or answered is never cut: a page that takes long to make is not idle.
///
/// The clock is a deadline and one timer that is moved only when the deadline comes before it:
/// a kept-alive connection asks for a page every few hundred microseconds under load, and a
/// timer scheduled and cancelled twice a request (header, then idle) was a twentieth of the
/// server's time. When the timer fires before the deadline (it moved on since), it is set for
/// the deadline; so a connection is closed at its deadline, never before, and a busy one
/// costs a timer every few seconds.
final class ConnectionClock: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private enum State {
        /// Between requests: the idle clock runs until a byte arrives.
        case waiting
        /// Part of a header has arrived: the header clock runs until it is whole.
        case readingHeader
        /// A header arrived; the request is read and answered, no clock runs.
        case busy
    }

    private let idle: TimeAmount
    private let header: TimeAmount
    private var state = State.waiting
    /// When the connection is closed unless something arrives or is answered; nil while busy.
    private var deadline: NIODeadline?
    /// The one timer, and when it fires (at or before ``deadline``, or after it went).
    private var timer: (task: Scheduled<Void>, firesAt: NIODeadline)?
    private var context: ChannelHandlerContext?

    init(idle: TimeAmount, header: TimeAmount) {
        self.idle = idle
        self.header = header
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(idle) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        if deadline == nil, case .waiting = state { start(idle) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline = nil
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .waiting = state {
            state = .readingHeader
            start(header)
        }
        context.fireChannelRead(data)
    }

    /// A request's header is whole (``RequestHeadCheck``): no clock while it is answered. The
    /// timer stays; when it fires it finds no deadline and ends.
    func headerArrived() {
        state = .busy
        deadline = nil
    }

    /// The answer to the last request is written: wait for the next one, idle.
    func answered() {
        state = .waiting
        start(idle)
    }

    private func start(_ amount: TimeAmount) {
        let deadline = NIODeadline.now() + amount
        self.deadline = deadline
        // A timer that fires by the deadline will find it and move on to it.
        if let timer, timer.firesAt <= deadline { return }
        arm(at: deadline)
    }

    private func arm(at when: NIODeadline) {
        cancelTimer()
        guard let context else { return }
        let task = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: when) { [weak self] () -> Void in
            self?.fired()
        }
        timer = (task, when)
    }

    private func fired() {
        timer = nil
        guard let deadline else { return }
        if deadline <= .now() {
            context?.close(promise: nil)
        } else {
            arm(at: deadline)
        }
    }

    private func cancelTimer() {
        timer?.task.cancel()
        timer = nil
    }
}

/// Sees each request's head as the HTTP/1 decoder made it (the target as sent), before
/// Hummingbird converts it: refuses two `Host` headers and an absolute-form target naming
/// another authority, and tells the ``ConnectionClock`` when a header is whole and when its
/// answer has been written.
final class RequestHeadCheck: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let clock: ConnectionClock
    /// The parts of a refused request still arriving, dropped until its end.
    private var dropping = false

    init(clock: ConnectionClock) {
        self.clock = clock
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let head):
            clock.headerArrived()
            if let refusal = Self.refusal(head) {
                dropping = true
                refuse(refusal, version: head.version, context: context)
                return
            }
        case .body, .end:
            if dropping {
                if case .end = part { dropping = false }
                return
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            context.write(data).assumeIsolated().whenComplete { [clock] result in
                if case .success = result { clock.answered() }
                promise?.completeWith(result)
            }
            return
        }
        context.write(data, promise: promise)
    }

    /// Why `head` is refused, or nil.
    static func refusal(_ head: HTTPRequestHead) -> String? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 { return "A request may name one Host; this one named \(hosts.count)." }
        if let authority = absoluteFormAuthority(head.uri), authority.lowercased() != hosts.first?.lowercased() {
            return "This server answers only to its own address."
        }
        return nil
    }

    /// The authority of an absolute-form target (`http://host:port/path`), "" for one without;
    /// nil for the usual origin-form (`/path`) and `*`.
    static func absoluteFormAuthority(_ target: String) -> String? {
        guard !target.hasPrefix("/"), target != "*" else { return nil }
        guard let schemeEnd = target.range(of: "://") else { return "" }
        let rest = target[schemeEnd.upperBound...]
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    /// 400 with the reason, and the connection closed: what follows on it cannot be trusted to
    /// be where a request starts.
    private func refuse(_ reason: String, version: HTTPVersion, context: ChannelHandlerContext) {
        let body = ByteBuffer(string: reason + "\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: version, status: .badRequest, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
