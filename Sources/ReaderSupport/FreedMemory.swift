#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory the process has freed but the C library still holds, given back to the system.
///
/// glibc keeps what a program frees inside its heap, and gives back only a free top larger
/// than a threshold it raises as large blocks come and go. After a bulk fetch the heap holds
/// what its jobs freed, spread among blocks still in use; the steps that end the fetch (the
/// last fold of its words into the index, the catalog's compaction with the journal's keys
/// sorted) then take pages of their own on top: 20,000 RFCs into a store of 29,000 peaked
/// 3–4 MiB above anything the fetch itself held, the highest row of the memory budget.
package enum FreedMemory {
    /// Gives back the pages of every free block (glibc's `malloc_trim(0)`: a walk of the
    /// heap, a few milliseconds after a mirror); nothing where the C library has no such call.
    package static func giveBack() {
        #if os(Linux)
        // Looked up rather than declared: `malloc_trim` is glibc's; another C library has none.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }
}
