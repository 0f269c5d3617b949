/// The one filter every byte of text and Markdown output passes before it is written.
///
/// Untrusted text (an RFC, a tweet, a web page) must not reach a terminal raw: an escape
/// sequence could move the cursor, rewrite the title, hide text or inject input. This removes
/// C0 controls except tab and newline, DEL, C1 controls, whole ESC sequences (CSI, OSC, DCS,
/// APC, PM, SOS and two-byte ones) and bidirectional overrides. Renderers mark their own
/// styling with private-use code points (``Style``), which become ANSI codes only here.
public enum TerminalSanitizer {
    /// Styling markers a renderer may emit; anything else in the private-use area is content.
    public enum Style {
        public static let boldOn: Unicode.Scalar = "\u{F8F0}"
        public static let boldOff: Unicode.Scalar = "\u{F8F1}"
        public static let dimOn: Unicode.Scalar = "\u{F8F2}"
        public static let dimOff: Unicode.Scalar = "\u{F8F3}"
        /// Removed and added words (`reader diff`): red and green, ended by ``colourOff``.
        public static let removedOn: Unicode.Scalar = "\u{F8F4}"
        public static let addedOn: Unicode.Scalar = "\u{F8F5}"
        public static let colourOff: Unicode.Scalar = "\u{F8F6}"

        /// Whether `scalar` is one of the markers above (which take no column on a screen).
        public static func isMarker(_ scalar: Unicode.Scalar) -> Bool { (boldOn.value...colourOff.value).contains(scalar.value) }
    }

    /// `text` made safe for a terminal; styling markers become ANSI codes when `colour`.
    public static func clean(_ text: String, colour: Bool) -> String {
        var text = text
        if text.utf8.withContiguousStorageIfAvailable({ isClean($0) }) ?? text.withUTF8({ isClean($0) }) { return text }
        // Written as UTF-8 bytes: appending to a string a scalar at a time costs ten times more.
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 64)
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            switch scalar.value {
            case 0x09, 0x0A:
                output.append(UInt8(scalar.value))
            case 0x0D:
                // A lone carriage return rewrites the line it is on; CRLF is just a newline.
                continue
            case 0x1B:
                pending = skipEscape(&scalars)
            case 0x9B, 0x9D, 0x90, 0x9F, 0x9E, 0x98:
                // C1 forms of CSI, OSC, DCS, APC, PM, SOS: their payload goes too.
                pending = skipPayload(&scalars, csi: scalar.value == 0x9B)
            case 0x00...0x1F, 0x7F, 0x80...0x9F:
                continue
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue
            case Style.boldOn.value:
                if colour { output += Self.boldOn }
            case Style.boldOff.value, Style.dimOff.value:
                if colour { output += Self.normal }
            case Style.dimOn.value:
                if colour { output += Self.dimOn }
            case Style.removedOn.value:
                if colour { output += Self.redOn }
            case Style.addedOn.value:
                if colour { output += Self.greenOn }
            case Style.colourOff.value:
                if colour { output += Self.defaultColour }
            default:
                output.append(contentsOf: scalar.utf8)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The ANSI codes the styling markers become.
    private static let boldOn = Array("\u{1B}[1m".utf8)
    private static let dimOn = Array("\u{1B}[2m".utf8)
    private static let normal = Array("\u{1B}[22m".utf8)
    private static let redOn = Array("\u{1B}[31m".utf8)
    private static let greenOn = Array("\u{1B}[32m".utf8)
    private static let defaultColour = Array("\u{1B}[39m".utf8)

    /// Whether `bytes` (UTF-8) holds nothing to remove and no styling marker, checked a byte
    /// at a time: most documents pass, and then the text is written as it is.
    static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                index += 1
                continue
            }
            switch byte {
            case 0x09, 0x0A:
                index += 1
            case 0xC2:
                // U+0080…U+009F, the C1 controls.
                if index + 1 < count, bytes[index + 1] <= 0x9F { return false }
                index += 2
            case 0xD8:
                // U+061C, the Arabic letter mark.
                if index + 1 < count, bytes[index + 1] == 0x9C { return false }
                index += 2
            case 0xE2:
                // U+200E/F, U+202A…E, U+2066…9: the bidirectional marks and overrides.
                guard index + 2 < count else { return false }
                let second = bytes[index + 1]
                let third = bytes[index + 2]
                if second == 0x80, third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third) { return false }
                if second == 0x81, (0xA6...0xA9).contains(third) { return false }
                index += 3
            case 0xEF:
                // U+F8F0…F8F6, the styling markers.
                if index + 2 < count, bytes[index + 1] == 0xA3, (0xB0...0xB6).contains(bytes[index + 2]) { return false }
                index += 3
            case 0x80...0xBF, 0xC0, 0xC1, 0xF5...0xFF, 0x00...0x1F, 0x7F:
                return false
            default:
                // Other lead bytes: skip the sequence; continuation bytes pass the check above.
                index += byte < 0xE0 ? 2 : (byte < 0xF0 ? 3 : 4)
            }
        }
        return true
    }

    /// Skips an ESC sequence; returns a scalar read past its end that belongs to the text.
    private static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        guard let next = scalars.next() else { return nil }
        switch next {
        case "[": return skipPayload(&scalars, csi: true)
        case "]", "P", "_", "^", "X": return skipPayload(&scalars, csi: false)
        default:
            // Two-byte sequences (ESC c, ESC 7, ESC ( B …): the next printable ends them.
            if next.value >= 0x20 && next.value <= 0x2F {
                _ = scalars.next()
                return nil
            }
            return next.value >= 0x30 && next.value <= 0x7E ? nil : next
        }
    }

    /// Skips a CSI (up to its final byte) or a string sequence (up to BEL or ST).
    private static func skipPayload(_ scalars: inout String.UnicodeScalarView.Iterator, csi: Bool) -> Unicode.Scalar? {
        while let scalar = scalars.next() {
            if csi {
                if scalar.value >= 0x40 && scalar.value <= 0x7E { return nil }
                if scalar.value < 0x20 || scalar.value > 0x3F { return scalar.value == 0x1B ? nil : scalar }
            } else {
                if scalar.value == 0x07 || scalar.value == 0x9C { return nil }
                if scalar.value == 0x1B {
                    if let after = scalars.next(), after != "\\" { return after }
                    return nil
                }
            }
        }
        return nil
    }
}
