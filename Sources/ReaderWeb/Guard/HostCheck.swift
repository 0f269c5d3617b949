import Hummingbird

/// Refuses a request whose `Host` is not an address of this server: a page on another site
/// that rebinds its own name to 127.0.0.1 (DNS rebinding) reaches the port, but its requests
/// carry that name, and are answered 421 without touching the store.
///
/// What counts as its own address: ``OwnAddress``.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let boundName: String
    let port: @Sendable () -> Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, OwnAddress.allows(authority, boundName: boundName, port: port()) else {
            return Response(
                status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "This server answers only to its own address.\n")))
        }
        return try await next(request, context)
    }
}
