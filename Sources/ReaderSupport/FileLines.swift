#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The complete lines of part of a file, read a chunk at a time with `pread`: a journal or a
/// catalog of a million lines is walked with a buffer of a megabyte, not read whole (nor
/// mapped: the pages of a map stay in the process's resident set once touched).
package enum FileLines {
    /// Calls `body` with each complete line from `start` to `end` (without its newline) and
    /// the line's offset in the file; returns the offset after the last complete line. Bytes
    /// after the last newline (a torn line) are not given.
    @discardableResult
    package static func scan(
        _ fd: Int32, from start: Int, to end: Int, path: String, chunk: Int = 1 << 20,
        _ body: (UnsafeRawBufferPointer, Int) throws -> Void
    ) throws -> Int {
        // No larger than the part read: a journal of one short line was read with a megabyte
        // zeroed for it (256 page faults and a `munmap`, in every `reader open`).
        var buffer = [UInt8](repeating: 0, count: max(1, min(chunk, end - start)))
        // The file offset of `buffer[0]`, and how many bytes of `buffer` are read.
        var bufferOffset = start
        var filled = 0
        var consumed = start
        while bufferOffset + filled < end {
            if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let want = min(buffer.count - filled, end - bufferOffset - filled)
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return pread(fd, base + filled, want, off_t(bufferOffset + filled))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw FileSystem.fail("cannot read", path) }
            filled += count
            let lineStart = try buffer.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                var lineStart = 0
                while lineStart < filled, let found = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), filled - lineStart) {
                    let newline = base.distance(to: UnsafeRawPointer(found))
                    try body(UnsafeRawBufferPointer(rebasing: raw[lineStart..<newline]), bufferOffset + lineStart)
                    lineStart = newline + 1
                }
                return lineStart
            }
            consumed = bufferOffset + lineStart
            // What follows the last newline moves to the front, to be completed by the next read.
            if lineStart > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    memmove(base, base + lineStart, filled - lineStart)
                }
                filled -= lineStart
                bufferOffset += lineStart
            }
        }
        return consumed
    }

    /// The bytes of `fd` from `start` to `end`.
    package static func read(_ fd: Int32, from start: Int, to end: Int, path: String) throws -> [UInt8] {
        guard end > start else { return [] }
        var bytes = [UInt8](repeating: 0, count: end - start)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return pread(fd, base + done, buffer.count - done, off_t(start + done))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw FileSystem.fail("cannot read", path) }
            done += count
        }
        return bytes
    }
}
