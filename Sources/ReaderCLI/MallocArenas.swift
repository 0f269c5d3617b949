import Foundation

/// glibc gives each thread that allocates its own malloc arena, up to eight per core, and
/// memory freed in one arena is not reused by another: a mirror at `--jobs 32`, whose
/// downloads, parses and commits move across the event loop, the parser threads and the
/// concurrency pool, held a quarter more than it used (`fetch rfc 1-2000 --jobs 32`: 64–68 MiB
/// peak; 52 with one arena per core). Set once, before the first thread starts.
enum MallocArenas {
    /// glibc's `M_ARENA_MAX` (`<malloc.h>`, which the Glibc module does not bring in).
    private static let arenaMax: Int32 = -8

    static func limitToCores() {
        #if os(Linux)
        // Looked up rather than declared: `mallopt` is glibc's; another C library has none.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(arenaMax, Int32(max(2, ProcessInfo.processInfo.activeProcessorCount)))
        #endif
    }
}
