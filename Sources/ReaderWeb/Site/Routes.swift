import Hummingbird
import NIOPosix
import ReaderKit

/// The site's addresses. Each page is answered as HTML, or as JSON under `/api/` and to a
/// request that asks for `application/json` (and not for HTML).
extension Site {
    func router() -> Router<BasicRequestContext> {
        // HEAD answers as GET does, without the body (`curl -I`): RFC 9110 asks every server for both.
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: HostCheck(boundName: settings.host, port: { [self] in port }))
        router.add(middleware: SecurityHeaders())
        // A page asked with a method it does not take is refused with 405 and what it takes
        // (RFC 9110 §15.5.6); an address no route has stays 404.
        func page(_ path: RouterPath, _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> Response) {
            router.get(path, use: handler)
            for method in MethodRefusal.others(than: .get) {
                router.on(path, method: method) { request, _ in MethodRefusal.response(request, allow: "GET, HEAD") }
            }
        }
        for (prefix, forced) in [("", nil), ("/api", Answer.Format.json)] as [(String, Answer.Format?)] {
            page(RouterPath(prefix.isEmpty ? "/" : prefix)) { [self] request, _ in
                // Never kept: "Recently read" changes with every page read, not with the catalog.
                let fields = FormFields(request.uri.query)
                let filter = AnnotationFilter(
                    tag: fields["tag"].flatMap { $0.isEmpty ? nil : $0 }, unread: fields["unread"] == "1", starred: fields["starred"] == "1"
                )
                return try await answer(request, forced, kept: false) { context, format in
                    try await Site.blocking { try HomePage.answer(context, format: format, filter: filter) }
                }
            }
            // `/rfc/793`: an alias of `/doc?key=rfc%2F793`, resolved through the modules'
            // identifiers (a request type and its argument name a key), for any module that has them.
            page(RouterPath(prefix + "/:type/:argument")) { [self] request, routing in
                guard let type = routing.parameters.get("type"), let argument = routing.parameters.get("argument"),
                    let key = names.key(requestType: type, argument: argument)
                else {
                    return notFound(request, forced)
                }
                // A page with notes is made anew: a note changes no catalog stamp.
                let page = try await answer(request, forced, kept: !annotated(key)) { context, format in
                    try await DocumentPage(key: key).answer(context, format: format)
                }
                return await noteRead(key, request, forced, page)
            }
            page(RouterPath(prefix + "/doc")) { [self] request, _ in
                let fields = FormFields(request.uri.query)
                guard let key = fields["key"] else { return notFound(request, forced) }
                // The listing `/index` shows is read there, with its filters.
                if format(of: request, forced) == .html, let shown = reader.currentListing(),
                    (try? reader.catalogKey(of: shown.listing)) == key
                {
                    return redirect(to: "/index")
                }
                // A page with notes is made anew: a note changes no catalog stamp.
                let page = try await answer(request, forced, kept: !annotated(key)) { context, format in
                    try await DocumentPage(key: key).answer(context, format: format)
                }
                return await noteRead(key, request, forced, page)
            }
            page(RouterPath(prefix + "/index")) { [self] request, _ in
                let fields = FormFields(request.uri.query)
                return try await answer(request, forced) { context, format in
                    // Each number is checked before any work: out of range is a 400 in words.
                    let page = IndexPage(
                        status: fields["status"], year: try QueryNumber.read(fields, "year", in: IndexPage.years),
                        limit: try QueryNumber.read(fields, "limit", in: 1...IndexPage.maxPageSize),
                        page: try QueryNumber.read(fields, "page", in: IndexPage.pages) ?? 1)
                    return try await Site.heavy { try page.answer(context, format: format) }
                }
            }
            page(RouterPath(prefix + "/search")) { [self] request, _ in
                let query = FormFields(request.uri.query)["q"] ?? ""
                // A shorthand typed in the box (`793`, `rfc 9110`) opens what it names.
                if format(of: request, forced) == .html, let key = names.key(shorthand: query) {
                    return redirect(to: names.path(ofKey: key))
                }
                let fields = FormFields(request.uri.query)
                let tag = fields["tag"].flatMap { $0.isEmpty ? nil : $0 }
                let page = SearchPage(
                    query: query, filter: AnnotationFilter(tag: tag, unread: fields["unread"] == "1", starred: fields["starred"] == "1"))
                // Notes, tags and marks change no catalog stamp: with any, a search is made anew.
                return try await answer(request, forced, kept: !glance.look(reader).annotated) { context, format in
                    try await page.answer(context, format: format)
                }
            }
            // A group of the listing (a subseries: BCP 14), its members.
            page(RouterPath(prefix + "/group")) { [self] request, _ in
                let fields = FormFields(request.uri.query)
                guard let kind = fields["kind"] else { return notFound(request, forced) }
                return try await answer(request, forced) { context, format in
                    let page = GroupPage(kind: kind, number: try QueryNumber.read(fields, "number", in: GroupPage.numbers))
                    return try await Site.heavy { try page.answer(context, format: format) }
                }
            }
            // `reader diff A B` as a page, of two stored documents.
            page(RouterPath(prefix + "/diff")) { [self] request, _ in
                let fields = FormFields(request.uri.query)
                guard let a = fields["a"], let b = fields["b"] else { return notFound(request, forced) }
                return try await answer(request, forced) { context, format in
                    try await DiffPage(a: a, b: b).answer(context, format: format)
                }
            }
        }
        // The go-to box (`g`): a shorthand typed there opens what it names; anything else is searched.
        page("/go") { [self] request, _ in
            let typed = FormFields(request.uri.query)["to"] ?? ""
            if let key = names.key(shorthand: typed) { return redirect(to: names.path(ofKey: key)) }
            return redirect(to: typed.isEmpty ? "/" : "/search?q=" + QueryText.encode(typed))
        }
        // The OPDS catalog and the EPUB of a document (`OPDS/OPDSRoutes.swift`).
        addOPDS(to: router, page: page)
        router.post("/fetch") { [self] request, _ in try await fetch(request) }
        for method in MethodRefusal.others(than: .post) {
            router.on("/fetch", method: method) { request, _ in MethodRefusal.response(request, allow: "POST") }
        }
        router.post("/note") { [self] request, _ in try await addNote(request) }
        for method in MethodRefusal.others(than: .post) {
            router.on("/note", method: method) { request, _ in MethodRefusal.response(request, allow: "POST") }
        }
        router.post("/tag") { [self] request, _ in try await setTag(request) }
        router.post("/mark") { [self] request, _ in try await setMark(request) }
        for method in MethodRefusal.others(than: .post) {
            router.on("/tag", method: method) { request, _ in MethodRefusal.response(request, allow: "POST") }
            router.on("/mark", method: method) { request, _ in MethodRefusal.response(request, allow: "POST") }
        }
        // A stored picture, from the store: only what its bytes say is a picture, as that.
        page("/picture/:blob") { [self] request, routing in
            guard let name = routing.parameters.get("blob"), DocumentBody.picturePath(name) != nil,
                let found = try await Site.blocking({ [reader] in try? reader.storedPicture(name) })
            else { return notFound(request, nil) }
            return Response(
                status: .ok,
                headers: [
                    .contentType: found.format.mediaType, .cacheControl: "private, max-age=31536000, immutable",
                    .contentSecurityPolicy: SecurityHeaders<BasicRequestContext>.picturePolicy,
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: found.bytes)))
        }
        page("/assets/:name") { [self] request, routing in
            guard let asset = Assets.named(routing.parameters.get("name") ?? "") else { return notFound(request, nil) }
            return Response(
                status: .ok,
                headers: [.contentType: asset.contentType, .cacheControl: "public, max-age=86400"],
                body: .init(byteBuffer: asset.bytes))
        }
        return router
    }

    /// The page a request asks for: kept from before while the catalog has not changed, else
    /// made (what reads the store, on threads for blocking work: ``blocking(_:)``).
    func answer(
        _ request: Request, _ forced: Answer.Format?, kept mayKeep: Bool = true,
        _ make: @escaping @Sendable (PageContext, Answer.Format) async throws -> Answer
    ) async throws -> Response {
        let format = format(of: request, forced)
        let cacheKey = (format == .json ? "json " : "html ") + request.uri.path + "?" + (request.uri.query ?? "")
        let stamp = glance.look(reader).stamp
        if mayKeep, let kept = cache.page(cacheKey, stamp: stamp) { return response(kept, format: format) }
        let made: Answer
        do {
            let snapshot = try await Site.blocking { [self] in try currentSnapshot() }
            let context = PageContext(reader: reader, snapshot: snapshot, names: names, token: token, offline: settings.offline)
            made = try await make(context, format)
        } catch {
            made = ErrorPage.answer(error, format: format, context: nil)
        }
        let page = PageCache.Page(body: ByteBuffer(string: made.body), contentType: format.contentType, status: made.status.code)
        if mayKeep, made.status == .ok || made.status == .notFound { cache.keep(page, for: cacheKey, stamp: stamp) }
        return response(page, format: format)
    }

    /// Work that reads the store (blobs, the catalog, the SQLite index) on a thread of NIO's
    /// pool: not an event loop's, nor one of the cooperative pool's few.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(body)
    }

    /// Work whose cost grows with what a request asks — a page of the index, a search — on a
    /// pool of its own: two such requests at once wait for each other there, while the home
    /// page and a document's page are still made on ``blocking(_:)``'s pool (two requests of
    /// `/index?limit=6000` held `/` for 50 s when all shared one pool of two threads).
    static func heavy<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await heavyPool.runIfActive(body)
    }

    /// Started once, for the life of the process, as NIO's own singleton pool is.
    private static let heavyPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    /// Whether `key` has notes, tags or marks: a look at the store's folder of them only when
    /// the store holds any (``StoreGlance``).
    private func annotated(_ key: String) -> Bool {
        glance.look(reader).annotated && reader.hasAnnotations(ofKey: key)
    }

    func format(of request: Request, _ forced: Answer.Format?) -> Answer.Format {
        forced ?? Answer.Format(request)
    }

    private func response(_ page: PageCache.Page, format: Answer.Format) -> Response {
        Response(
            status: .init(code: page.status),
            headers: [.contentType: page.contentType, .cacheControl: "no-cache", .vary: "Accept"],
            body: .init(byteBuffer: page.body))
    }

    func notFound(_ request: Request, _ forced: Answer.Format?) -> Response {
        ErrorPage.response("There is no such page here.", status: .notFound, format: format(of: request, forced))
    }

    func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}
