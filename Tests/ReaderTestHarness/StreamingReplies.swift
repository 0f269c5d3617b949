import NIOCore
import NIOHTTP1
import NIOPosix

/// The replies that take time: bodies sent piece by piece, at the client's pace or the
/// server's, and connections cut without a goodbye.
extension HTTPHandler {
    func respondStreaming(_ reply: LoopbackServer.Reply, context: ChannelHandlerContext) {
        switch reply {
        case .stream(let total, let size, let declareLength):
            var headers: HTTPHeaders = ["Content-Type": "text/plain"]
            if declareLength { headers.add(name: "Content-Length", value: String(total)) }
            write(status: 200, headers: headers, body: [], context: context)
            let chunk = context.channel.allocator.buffer(bytes: [UInt8](repeating: 0x61, count: size))
            sendStream(chunk, remaining: total, context: context)
        case .paced(let status, let extra, let body, let size, let interval):
            var headers = HTTPHeaders(extra)
            headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
            write(status: status, headers: headers, body: [], context: context)
            context.flush()
            sendPaced(body[...], size: max(1, size), interval: interval, context: context)
        case .trickle(let interval):
            write(status: 200, headers: ["Content-Type": "text/plain"], body: [], context: context)
            context.flush()
            sendTrickle(interval: interval, context: context)
        case .reset(let status, let declared, let body):
            write(status: status, headers: ["Content-Length": String(declared)], body: body, context: context)
            context.flush()
            // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
            let channel = context.channel
            guard let socket = channel as? any SocketOptionProvider else {
                channel.close(promise: nil)
                return
            }
            socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
        default:
            return
        }
    }

    /// Writes the next chunk only once the previous one has reached the socket: the client's
    /// reading sets the pace, so memory stays at one chunk.
    private func sendStream(_ chunk: ByteBuffer, remaining: Int, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard remaining > 0 else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let piece = remaining >= chunk.readableBytes ? chunk : chunk.getSlice(at: chunk.readerIndex, length: remaining) ?? chunk
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(piece)))).whenComplete { result in
            let (handler, context) = bound.value
            if case .success = result { handler.sendStream(chunk, remaining: remaining - piece.readableBytes, context: context) }
        }
    }

    private func sendPaced(_ rest: ArraySlice<UInt8>, size: Int, interval: Double, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard !rest.isEmpty else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let piece = rest.prefix(size)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: piece)))), promise: nil)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .nanoseconds(Int64(interval * 1e9))) {
            let (handler, context) = bound.value
            handler.sendPaced(rest.dropFirst(size), size: size, interval: interval, context: context)
        }
    }

    private func sendTrickle(interval: Double, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        let bytes = context.channel.allocator.buffer(string: "still going\n")
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .nanoseconds(Int64(interval * 1e9))) {
            let (handler, context) = bound.value
            handler.sendTrickle(interval: interval, context: context)
        }
    }
}
