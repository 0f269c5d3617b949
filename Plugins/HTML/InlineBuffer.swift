import ReaderPluginAPI

/// The paragraph being written: runs of styled text with HTML's white-space rules applied
/// (runs of spaces and newlines become one space, none at the ends).
struct InlineBuffer {
    private(set) var runs: [Inline] = []
    private var pendingSpace = false
    private var atLineStart = true

    var isEmpty: Bool { runs.isEmpty }

    mutating func append(_ text: String, style: Inline.Style, link: Int?) {
        var added = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isSpaceOrControl {
                if !atLineStart || !added.isEmpty { pendingSpace = true }
                continue
            }
            if pendingSpace {
                if added.isEmpty, !runs.isEmpty {
                    runs[runs.count - 1].text.unicodeScalars.append(" ")
                } else if !added.isEmpty {
                    added.append(" ")
                }
                pendingSpace = false
            }
            added.append(scalar)
        }
        guard !added.isEmpty else { return }
        atLineStart = false
        let addition = String(added)
        if let last = runs.last, last.style == style, last.link == link {
            runs[runs.count - 1].text += addition
        } else {
            runs.append(Inline(addition, style: style, link: link))
        }
    }

    /// A `<br>`: a newline inside the paragraph, never at its start or end.
    mutating func lineBreak() {
        guard !runs.isEmpty else { return }
        runs[runs.count - 1].text += "\n"
        pendingSpace = false
        atLineStart = true
    }

    /// The finished runs, trailing breaks trimmed; the buffer starts over.
    mutating func take() -> [Inline] {
        defer {
            runs = []
            pendingSpace = false
            atLineStart = true
        }
        while let last = runs.last {
            var text = last.text
            while let end = text.unicodeScalars.last, end.isSpaceOrControl { text.unicodeScalars.removeLast() }
            if text.isEmpty {
                runs.removeLast()
            } else {
                runs[runs.count - 1].text = text
                break
            }
        }
        return runs
    }
}

extension Unicode.Scalar {
    /// White space, or a control character that must not reach the reader.
    var isSpaceOrControl: Bool {
        value < 0x21 || value == 0x7F || (value >= 0x80 && value <= 0xA0) || properties.isWhitespace
            || value == 0x200B || value == 0xFEFF
    }
}
