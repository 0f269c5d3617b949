import Foundation
import ReaderTestSupport
import Testing

/// Real documents of every source with escape sequences, controls and bidi overrides put
/// into their titles, text, links and names: what a hostile page, tweet or mirror can send.
enum Hostile {
    /// Words that must survive, around every kind of sequence that must not reach a terminal.
    static let visibleWords = ["start", "red", "link", "desrever", "end"]

    static func payload(nul: Bool) -> String {
        var text = "start"
        text += " csi\u{1B}[2J\u{1B}[31mred\u{1B}[0m"
        text += " osc\u{1B}]0;owned-title\u{07}"
        text += " hyperlink\u{1B}]8;;http://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        text += " dcs\u{1B}P1$r0m\u{1B}\\ apc\u{1B}_hidden\u{1B}\\ pm\u{1B}^hidden\u{1B}\\ sos\u{1B}Xhidden\u{1B}\\"
        text += " reset\u{1B}c charset\u{1B}(0 keypad\u{1B}="
        text += " c1csi\u{9B}2J c1osc\u{9D}0;t\u{9C} c1dcs\u{90}q\u{9C} nel\u{85}"
        text += " bidi\u{202E}desrever\u{202C} isolate\u{2066}x\u{2069} marks\u{200F}\u{200E}\u{061C}"
        // Every C0 control but tab, newline and ESC (above), then DEL.
        let controls = (nul ? 0 : 1)..<32
        text += " c0" + String(String.UnicodeScalarView(controls.filter { ![9, 10, 27].contains($0) }.compactMap(Unicode.Scalar.init)))
        text += " del\u{7F} end"
        return text
    }

    /// RFC 793 with the payload in its title line and in a paragraph past the first 8 KB (where
    /// a NUL does not make the whole file look binary).
    static func rfc() throws -> [UInt8] {
        var text = try Corpus.text("rfc/rfc793.txt")
        let title = "TRANSMISSION CONTROL PROTOCOL"
        if let range = text.range(of: title) { text.replaceSubrange(range, with: title + payload(nul: false)) }
        let paragraph = "The Transmission Control Protocol (TCP) is intended for use as a highly"
        if let range = text.range(of: paragraph, range: text.index(text.startIndex, offsetBy: 9000)..<text.endIndex) {
            text.replaceSubrange(range, with: payload(nul: true) + " " + paragraph)
        }
        return Array(text.utf8)
    }

    /// The real index, cut after 300 entries, with the payload in RFC 1's title.
    static func index() -> [UInt8] {
        let text = String(decoding: RFCSite.index(entries: 300), as: UTF8.self)
        return Array(text.replacingOccurrences(of: "0001 Host Software.", with: "0001 Host Software \(payload(nul: false)).").utf8)
    }

    /// Mozilla's page with the payload raw in the title, a paragraph and a link, and as
    /// character references (`&#27;`, `&#x9b;`, `&#x202e;`) in another paragraph.
    static func page() throws -> [UInt8] {
        var html = try Corpus.text("html/mozilla-2/source.html")
        let raw = payload(nul: false)
        let references = raw.unicodeScalars.map {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value > 0x2000 ? "&#\($0.value);" : String($0)
        }.joined()
        html = html.replacingOccurrences(of: "<title>Welcome to Firefox Developer Edition</title>", with: "<title>Welcome \(raw)</title>")
        html = html.replacingOccurrences(
            of: "<p>Get to know the features that make it the most complete browser for building the Web.</p>",
            with: "<p>Get to know the features \(raw) that make it the most complete browser for building the Web.</p>"
                + "<p>References: \(references), and <a href=\"http://evil.example/\u{1B}[2J\">a link \(raw)</a> in a sentence long enough to stay.</p>"
        )
        return Array(html.utf8)
    }

    /// A real X API v2 answer whose first tweet says the payload, written by a user whose
    /// display name is hostile too.
    static func tweets() throws -> [UInt8] {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(try Corpus.bytes("twitter/v2_search_recent.json"))) as? [String: Any])
        var data = try #require(object["data"] as? [[String: Any]])
        data[0]["text"] = payload(nul: true)
        for key in ["entities", "display_text_range", "note_tweet", "attachments"] { data[0][key] = nil }
        object["data"] = data
        var includes = try #require(object["includes"] as? [String: Any])
        var users = try #require(includes["users"] as? [[String: Any]])
        users[0]["name"] = "Emily \u{1B}]0;owned\u{07}\u{202E}ylimE"
        includes["users"] = users
        object["includes"] = includes
        return [UInt8](try JSONSerialization.data(withJSONObject: object))
    }

    /// Why `output` (text or Markdown) could act on a terminal, or nil when it could not:
    /// controls other than tab and newline, DEL, C1, bidi controls, or an ESC that is not one
    /// of `reader`'s own colour codes (`ESC [ digits m`) when `colour` is allowed.
    static func danger(in output: [UInt8], colour: Bool) -> String? {
        let text = String(decoding: output, as: UTF8.self)
        var scalars = Array(text.unicodeScalars)
        if colour { scalars = removingColourCodes(scalars) }
        for (offset, scalar) in scalars.enumerated() {
            let value = scalar.value
            let bad =
                (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            if bad {
                let context = String(String.UnicodeScalarView(scalars[max(0, offset - 20)..<min(scalars.count, offset + 20)]))
                return "U+\(String(value, radix: 16, uppercase: true)) at \(offset), in \(context.debugDescription)"
            }
        }
        return nil
    }

    /// The scalars without SGR sequences (`ESC [ 0-9; m`), the only ones `reader` writes itself.
    private static func removingColourCodes(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == ";" { end += 1 }
                if end < scalars.count, scalars[end] == "m" {
                    index = end + 1
                    continue
                }
            }
            kept.append(scalars[index])
            index += 1
        }
        return kept
    }
}
