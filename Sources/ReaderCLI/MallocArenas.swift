import Foundation

/// glibc gives each thread that allocates its own malloc arena, up to eight per core, and
/// memory freed in one arena is not reused by another: a mirror at `--jobs 32`, whose
/// downloads, parses and commits move across the event loop, the parser threads and the
/// concurrency pool, held a quarter more than it used (`fetch rfc 1-2000 --jobs 32`: 64–68 MiB
/// peak; 52 with one arena per core, less again with one). Set once, before the first thread
/// starts.
enum MallocArenas {
    /// glibc's `M_ARENA_MAX` (`<malloc.h>`, which the Glibc module does not bring in).
    private static let arenaMax: Int32 = -8

    /// glibc's `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD`.
    private static let trimThreshold: Int32 = -1
    private static let mmapThreshold: Int32 = -3

    /// For a process that lives long and reads many documents (`reader serve`): blocks of
    /// 256 KiB and more (a document's bytes, its decoded text) get pages of their own, given
    /// back when freed, and free memory at the top of the heap is given back past 1 MiB. By
    /// default glibc raises the first threshold to the largest block freed so far, so after one
    /// large document every later one comes from the heap, which only grows: a search page
    /// decodes ten documents, and two hundred searches held 20 MiB more than they used.
    static func returnLargeBlocks() {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(mmapThreshold, 256 << 10)
        _ = mallopt(trimThreshold, 1 << 20)
        #endif
    }

    /// One arena for a command, one per core for `reader serve`. glibc fixes the limit the
    /// first time a thread needs an arena of its own, so it is set here, before any thread.
    /// A mirror's parse buffers are as large as its documents (up to 500 KB for the large RFCs)
    /// and each arena kept its own freed ones: `fetch rfc 1-1000 --jobs 8` of 266 KB copies
    /// peaked at 57.9–59.6 MiB with two arenas and 54.1–55.0 with one, in the same time (three
    /// runs each; 9,000: 64.9 against 59.3). A server's request handlers run on every core at
    /// once and would wait on one arena's lock.
    static func limit(serving: Bool) {
        #if os(Linux)
        // Looked up rather than declared: `mallopt` is glibc's; another C library has none.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        // The cores online, not Foundation's `activeProcessorCount`: that one reads the cgroup's
        // quota files through Foundation, a tenth of the start-up of `reader open`.
        let cores = Int32(max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        _ = mallopt(arenaMax, serving ? cores : 1)
        #endif
    }
}
