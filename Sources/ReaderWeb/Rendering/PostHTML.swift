import ReaderPluginAPI

/// A post of a timeline: who, when, the text with its links, its media as links (not loaded),
/// and the post it reposts or quotes, nested. Anchored `post-<id>`, where `find` points.
struct PostHTML {
    let base: String?
    let links: KeyLinks

    func write(_ post: Post, into html: inout HTML) {
        if let original = post.retweetOf {
            html.open("article", [("class", "post repost"), ("id", "post-" + post.id)])
            html.raw("<p class=\"reposted\">")
            html.text("Reposted by @" + post.author)
            html.raw("</p>")
            write(original, into: &html, anchored: false)
            html.raw("</article>\n")
        } else {
            write(post, into: &html, anchored: true)
        }
    }

    private func write(_ post: Post, into html: inout HTML, anchored: Bool) {
        html.open("article", [("class", "post"), ("id", anchored ? "post-" + post.id : nil)])
        html.raw("<header>")
        if let name = post.authorName, !name.isEmpty {
            html.element("span", [("class", "name")], text: name)
            html.raw(" ")
        }
        html.element("span", [("class", "handle")], text: "@" + post.author)
        if let date = post.createdAt {
            html.raw(" · ")
            html.element("time", [("datetime", date)], text: date)
        }
        html.raw("</header><p class=\"text\">")
        writeText(post, into: &html)
        html.raw("</p>")
        if !post.media.isEmpty {
            html.raw("<ul class=\"media\">")
            for (index, url) in post.media.enumerated() {
                html.raw("<li>")
                let label = post.media.count == 1 ? "Media" : "Media \(index + 1)"
                if let href = SafeLink.href(url, base: base, links: links) {
                    html.element("a", [("href", href)], text: label)
                } else {
                    html.text(label)
                }
                html.raw("</li>")
            }
            html.raw("</ul>")
        }
        if let quoted = post.quoted {
            html.raw("<blockquote class=\"quoted\">")
            write(quoted, into: &html, anchored: false)
            html.raw("</blockquote>")
        }
        html.raw("</article>\n")
    }

    /// The text, each of the post's expanded links made a link where it stands; the rest as
    /// text (documents it names by their labels linked as anywhere else).
    private func writeText(_ post: Post, into html: inout HTML) {
        var rest = Substring(post.text)
        let urls = post.links.map(\.url).filter { !$0.isEmpty }
        while !rest.isEmpty {
            let next = urls.compactMap { url in rest.firstRange(of: url).map { ($0, url) } }.min { $0.0.lowerBound < $1.0.lowerBound }
            guard let (range, url) = next else { break }
            links.write(String(rest[..<range.lowerBound]), into: &html)
            if let href = SafeLink.href(url, base: base, links: links) {
                html.element("a", [("href", href)], text: url)
            } else {
                html.text(url)
            }
            rest = rest[range.upperBound...]
        }
        links.write(String(rest), into: &html)
    }
}
