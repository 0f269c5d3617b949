import ReaderPluginAPI

/// The paragraph being written: runs of styled text with HTML's white-space rules applied
/// (runs of spaces and newlines become one space, none at the ends).
struct InlineBuffer {
    private var finished: [Inline] = []
    /// The run being written, and its style.
    private var current = SpaceCollapser()
    private var currentStyle: Inline.Style = .plain
    private var currentLink: Int?
    private var atLineStart = true

    var isEmpty: Bool { finished.isEmpty && current.bytes.isEmpty }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>, style: Inline.Style, link: Int?) {
        if style != currentStyle || link != currentLink {
            // A space owed at the end of the previous run stays in that run.
            let owed = current.pendingSpace && !isEmpty
            closeRun()
            currentStyle = style
            currentLink = link
            if owed {
                if finished.isEmpty { current.pendingSpace = true } else { finished[finished.count - 1].text += " " }
            }
        }
        let before = current.bytes.count
        current.append(text, spaceAllowed: !atLineStart)
        if current.bytes.count > before { atLineStart = false }
    }

    /// A `<br>`: a newline inside the paragraph, never at its start. Returns true for a second
    /// break in a row, which old pages use to separate paragraphs.
    mutating func lineBreak() -> Bool {
        guard !isEmpty else { return false }
        if atLineStart { return true }
        current.appendRaw(0x0A)
        atLineStart = true
        return false
    }

    /// The finished runs, trailing breaks trimmed; the buffer starts over.
    mutating func take() -> [Inline] {
        closeRun()
        defer {
            finished = []
            atLineStart = true
        }
        while let last = finished.last {
            var text = Array(last.text.utf8)
            while let end = text.last, end == 0x20 || end == 0x0A { text.removeLast() }
            if text.isEmpty {
                finished.removeLast()
            } else {
                finished[finished.count - 1].text = String(decoding: text, as: UTF8.self)
                break
            }
        }
        return finished
    }

    private mutating func closeRun() {
        if !current.bytes.isEmpty {
            let text = String(decoding: current.bytes, as: UTF8.self)
            if let last = finished.last, last.style == currentStyle, last.link == currentLink {
                finished[finished.count - 1].text += text
            } else {
                finished.append(Inline(text, style: currentStyle, link: currentLink))
            }
        }
        current.removeAll()
    }
}
