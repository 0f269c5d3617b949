import NIOCore
import ReaderKit
import Synchronization

/// Pages already made, as the bytes sent: a second request for `/rfc/793` is a lookup and a
/// write of a buffer the answers share (a `ByteBuffer` is copied on write, never on send).
/// Everything is dropped when the catalog changes; past `limit` bytes the oldest pages go, so
/// the server's memory stays bounded however many documents are browsed.
final class PageCache: Sendable {
    struct Page: Sendable {
        var body: ByteBuffer
        var contentType: String
        var status: Int
    }

    private struct State {
        var stamp: CatalogStamp?
        var pages: [String: Page] = [:]
        var order: [String] = []
        var bytes = 0
    }

    private let state = Mutex(State())
    let limit: Int

    init(limit: Int = 16 << 20) {
        self.limit = limit
    }

    /// The page made for `key` while the catalog was as `stamp` says.
    func page(_ key: String, stamp: CatalogStamp) -> Page? {
        state.withLock { state in
            guard state.stamp == stamp else { return nil }
            return state.pages[key]
        }
    }

    func keep(_ page: Page, for key: String, stamp: CatalogStamp) {
        guard page.body.readableBytes <= limit / 4 else { return }
        state.withLock { state in
            if state.stamp != stamp {
                state = State(stamp: stamp)
            }
            if state.pages[key] == nil { state.order.append(key) }
            state.bytes += page.body.readableBytes - (state.pages[key]?.body.readableBytes ?? 0)
            state.pages[key] = page
            while state.bytes > limit, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.pages.removeValue(forKey: oldest)?.body.readableBytes ?? 0
            }
        }
    }
}
