import Foundation
import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import HTML

/// The thinner takes out comments' text, script and style bodies and the attributes of tags
/// before libxml2 reads a page; the tree built from the thinned page (and the attributes it
/// took) must be the tree built from the page itself.
@Suite struct MarkupThinnerTests {
    /// The tree as a list of lines: every node reachable from the root, in document order, with
    /// its attributes and text; and what the head gathered.
    static func outline(_ bytes: [UInt8], attributes: PreparsedAttributes = PreparsedAttributes()) throws -> [String] {
        let (dom, head) = try parseHTML(bytes, encoding: "UTF-8", attributes: attributes)
        var lines = [
            "title \(head.title.map(collapsed) ?? "-")", "jsonld \(head.jsonLD)", "base \(head.baseHref ?? "-")",
            "lang \(head.language ?? "-")", "metas \(head.metas.count)",
        ]
        guard dom.root != -1 else { return lines }
        var node = dom.root
        while node != -1 {
            let own = dom[node]
            if own.tag == .text {
                // Runs of white space are one character after thinning, except in `pre`.
                let text = dom.hasAncestor(node, .pre) ? dom.text(node) : collapsed(dom.text(node))
                lines.append("text \(text.debugDescription)")
            } else {
                let attributes = AttributeName.allNames.compactMap { name in dom.attribute(node, name).map { "\(name)=\($0)" } }
                lines.append("\(own.tag) \(attributes) depth \(dom.depth(node)) \(own.hints.rawValue) \(own.classWeight)")
            }
            node = dom.following(node, within: dom.root)
        }
        return lines
    }

    func expectSameTree(_ page: [UInt8], _ label: String) throws {
        let thinned = MarkupThinner.thinned(page)
        #expect(
            try Self.outline(thinned.bytes, attributes: thinned.attributes) == Self.outline(page),
            "\(label): \(String(decoding: page, as: UTF8.self).debugDescription)")
    }

    @Test(arguments: ReadabilityPage.names)
    func corpusPagesKeepTheirTree(_ name: String) throws {
        let page = try Corpus.bytes("html/\(name)/source.html")
        let thinned = MarkupThinner.thinned(page)
        #expect(thinned.bytes.count < page.count)
        try expectSameTree(page, name)
        try expectSameTree(try Corpus.bytes("html/\(name)/expected.html"), name + " expected")
    }

    /// Pieces of the real pages, cut anywhere (in a tag, a script, a comment) and with bytes
    /// knocked out here and there.
    @Test func cutAndDamagedPagesKeepTheirTree() throws {
        let pages = try ReadabilityPage.names.map { try Corpus.bytes("html/\($0)/source.html") }
        var generator = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 99)
        for round in 0..<(Int(ProcessInfo.processInfo.environment["FUZZ_ROUNDS"] ?? "") ?? 300) / 10 {
            let page = pages[Int(generator.next() % UInt64(pages.count))]
            let start = Int(generator.next() % UInt64(page.count))
            let end = min(page.count, start + 1 + Int(generator.next() % 20_000))
            var piece = Array(page[start..<end])
            for _ in 0..<Int(generator.next() % 8) where !piece.isEmpty {
                piece.remove(at: Int(generator.next() % UInt64(piece.count)))
            }
            // The module repairs UTF-8 before it thins (libxml2 reads broken UTF-8 as Latin-1).
            try expectSameTree(ByteRepair.repairedUTF8(piece), "slice \(round) of \(start)..<\(end)")
        }
    }

    @Test func dropsScriptStyleAndCommentTextAndTakesAttributes() {
        let page =
            "<p>a<!-- note --></p><script>var x = 1 < 2;</script><style>p{}</style>"
            + "<script type=\"application/LD+JSON\">{\"a\": 1}</script><SCRIPT src=x />b</SCRIPT>"
            + "<a HREF='/x?a=1&amp;b=2&#65;' onclick=\"go()\" href=no data-x>c</a><br clear=all>"
        let thinned = MarkupThinner.thinned(Array(page.utf8))
        #expect(
            String(decoding: thinned.bytes, as: UTF8.self) == "<p>a<!----></p><script></script><style></style>"
                + "<script _=0>{\"a\": 1}</script><SCRIPT _=1 />b</SCRIPT><a _=2>c</a><br>")
        let records = (0..<3).map { number in
            thinned.attributes.record(number).map { attribute in
                "\(attribute.name)="
                    + String(
                        decoding: thinned.attributes.values[Int(attribute.start)..<Int(attribute.start + attribute.count)], as: UTF8.self)
            }
        }
        #expect(records == [["type=application/LD+JSON"], ["src=x"], ["href=/x?a=1&b=2A"]])
    }

    /// White space that fills libxml2's 1000-byte text buffer makes it imply a paragraph in
    /// the head; the thinner leaves such long runs alone, and keeps white space in `pre`.
    @Test func longRunsOfSpaceAndPreformattedTextKeepTheirTree() throws {
        let spaces = String(repeating: " ", count: 1500)
        for page in [
            "<html><head>\(spaces)<title>t</title></head><body>x</body>",
            "<html><head>\(spaces)&amp;  <title>t</title></head><body>x   y</body>",
            "<p>a   b</p><pre>  x\n\n  y</pre>  z  <pre><div></pre>  w  </div>",
        ] {
            try expectSameTree(Array(page.utf8), page)
        }
        let thinned = MarkupThinner.thinned(Array("<p>a \n  b</p><pre>  x\n\n  y</pre>  z<br>".utf8))
        #expect(String(decoding: thinned.bytes, as: UTF8.self) == "<p>a b</p><pre>  x\n\n  y</pre> z<br>")
    }

    /// Pieces of markup that trip tokenizers, put together at random: the thinner must read
    /// every combination as libxml2 does.
    @Test func trickyMarkupKeepsItsTree() throws {
        let pieces = [
            "<", ">", "/", "\"", "'", "=", " ", "\n", "x", "-", "!", "?", "&amp;", "<!--", "-->", "--!>", "<!-->",
            "<script>", "<script type='application/ld+json'>", "</script>", "</SCRIPT >", "</scriptx>", "<script/>",
            "<script src=a/>", "<style>", "</style>", "<p>", "</p>", "<div class=\"", "<a href='", "<a b=c>", "<a \"",
            "<!DOCTYPE html>", "<!doctype html PUBLIC \"-//x>\" 'y>'>", "<!DOCTYPE x SYSTEM '", "<?x a='>", "<br/>",
            "<_x", "</3", "</", "<!x>", "<html lang=en>", "<body>", "<title>", "</title>", "text ", "<svg>", "<textarea>",
            "<span id=", "<li>", "</div>", "<script>if (a<b) {}</", "<!-- <script> -->", "<p title=\"<!--\">",
            "<a href=\"&amp;&#65&#x42;&#0;z\">", "<i class='&unknown;&nbsp;&lt&gt;&'>", "<b id=&#1;h>",
            "<q lang=\"&#xD800;\">", "<s alt=\"&é;\">", "<u title=\"&a1.b-c:d;\">", "<p class=\"x\" CLASS=y>",
            "<img src=x/>", "<br a/>", "<a href=>", "<p id = \"1\" / >", "&", "&amp", "&#", "\r\n", "<div style='display:none'>",
            "<pre>", "</pre>", "<PRE class=x>", "</pre >", "<textarea>", "</textarea>", "   ", "\n\n  \t", " &amp; ",
            "<noscript>", "<frameset>", "<body.x>", "<BODY>", "<SCRIPT>", "</Style >", "<!---->", "<!--->", "\t",
            "<a\nhref=x>", "<?", "<?_x>", "<?é>", "<li/>", "=\"", "<x y=\"1\"/>", "<div>", "<table>", "<td>", "<head>", "</head>",
        ]
        var generator = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 2024)
        for round in 0..<(Int(ProcessInfo.processInfo.environment["FUZZ_ROUNDS"] ?? "") ?? 3000) {
            var page = ""
            for _ in 0..<(3 + Int(generator.next() % 30)) { page += pieces[Int(generator.next() % UInt64(pieces.count))] }
            try expectSameTree(Array(page.utf8), "round \(round)")
        }
    }
}

/// Runs of spaces, tabs and line ends as one space.
private func collapsed(_ text: String) -> String {
    var result: [UInt8] = []
    var inRun = false
    for byte in text.utf8 {
        let blank = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        if !blank || !inRun { result.append(blank ? 0x20 : byte) }
        inRun = blank
    }
    return String(decoding: result, as: UTF8.self)
}

extension AttributeName {
    static var allNames: [AttributeName] { (0...UInt8.max).compactMap(AttributeName.init(rawValue:)) }
}

extension DOM {
    func depth(_ index: Int32) -> Int {
        var depth = 0
        var current = self[index].parent
        while current != -1 {
            depth += 1
            current = self[current].parent
        }
        return depth
    }
}
