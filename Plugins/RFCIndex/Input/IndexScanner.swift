#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the entries of the index in its lines.
///
/// An entry starts with a line at the left margin that begins with a digit ("0793 ..." or
/// "793 ..."); indented lines continue it; a blank line or any other line at the margin ends
/// it. So the explanation at the top, with its indented sample entry (RFC 1129) and its
/// "RFC INDEX" headings, is passed over without knowing its wording.
struct IndexScanner {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Calls `body` with each entry's lines joined by single spaces and the line it starts on;
    /// returns the offset of the first entry (the end of the header), or nil when there is none.
    @discardableResult
    func forEachEntry(_ body: (_ line: Int, _ entry: ByteText) -> Void) -> Int? {
        let joined = ScratchBytes(capacity: 1024)
        var entryLine = 0
        var firstEntry: Int?
        var lineNumber = 0
        var start = 0
        // The bytes of a UTF-8 byte order mark are not part of the first line.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }

        func finish() {
            guard !joined.isEmpty else { return }
            body(entryLine, ByteText(text: joined.bytes))
            joined.removeAll()
        }

        while start < bytes.count {
            lineNumber += 1
            var end = lineEnd(from: start)
            let next = end + 1
            // Trailing blanks (every entry's last line has one) and a CR of a CRLF ending.
            while end > start, bytes[end - 1].isBlank || bytes[end - 1] == Byte.carriageReturn { end -= 1 }

            if end == start {
                finish()
            } else if bytes[start].isDigit {
                finish()
                if firstEntry == nil { firstEntry = start }
                entryLine = lineNumber
                joined.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            } else if bytes[start].isBlank {
                if !joined.isEmpty {
                    var content = start
                    while bytes[content].isBlank { content += 1 }
                    joined.append(Byte.space)
                    joined.append(UnsafeBufferPointer(rebasing: bytes[content..<end]))
                }
            } else {
                finish()
            }
            start = next
        }
        finish()
        return firstEntry
    }

    /// How many lines start with a digit: every entry starts one (and a few header lines may),
    /// counted in one quick pass (the C library's search finds each line end).
    func entryLineCount() -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = bytes.first?.isDigit == true ? 1 : 0
        var start = 0
        while start < bytes.count, let found = memchr(base + start, Int32(Byte.newline), bytes.count - start) {
            let next = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            if next < bytes.count, bytes[next].isDigit { count += 1 }
            start = next
        }
        return count
    }

    /// Where the line starting at `start` ends: the C library's search reads a whole line in
    /// a few steps, where ``ByteText/first(_:in:)`` takes eight bytes at a time.
    private func lineEnd(from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(Byte.newline), bytes.count - start)
        else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
