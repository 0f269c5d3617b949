import ReaderPluginAPI
import Testing

@testable import HTML

/// The markup of a typical blog theme: the post sits among comments, widgets and navigation
/// that only their class names give away.
@Suite struct BlogPageTests {
    static let paragraph = "We walked along the river for three hours, stopping often, and the light changed all the time. "

    static let page = """
        <!doctype html><html lang="en"><head><title>A walk by the river – Jane's notes</title>
        <meta property="og:site_name" content="Jane's notes"></head><body>
        <div id="page"><header id="masthead" class="site-header"><p class="site-title"><a href="/">Jane's notes</a></p>
        <nav class="main-navigation"><ul><li><a href="/about">About</a></li><li><a href="/archive">Archive</a></li></ul></nav></header>
        <div id="content" class="site-content"><div id="primary" class="content-area"><main id="main" class="site-main">
        <article class="post type-post"><header class="entry-header"><h1 class="entry-title">A walk by the river</h1>
        <div class="entry-meta"><span class="byline"><span class="author vcard"><a href="/author/jane">Jane Doe</a></span></span>
        <time class="entry-date" datetime="2020-01-02T10:00:00Z">January 2, 2020</time></div></header>
        <div class="entry-content"><p>\(paragraph)\(paragraph)</p><p>\(paragraph)</p><p>\(paragraph)\(paragraph)</p></div>
        <footer class="entry-footer"><span class="cat-links">Posted in <a href="/c/walks">Walks</a></span></footer>
        </article>
        <nav class="navigation post-navigation"><a href="/prev">Previous post: a walk in the hills</a></nav>
        <div id="comments" class="comments-area"><h2 class="comments-title">2 thoughts on this</h2>
        <ol class="comment-list"><li class="comment"><article class="comment-body"><p>Lovely, I walked there last year, and the light was the same, truly the same, every single time.</p></article></li>
        <li class="comment"><article class="comment-body"><p>Thanks for sharing, this was great, and I will go there soon, with friends, in spring.</p></article></li></ol>
        <div id="respond" class="comment-respond"><form><textarea name="c"></textarea><input type="submit" value="Post Comment"></form></div></div>
        </main></div><aside id="secondary" class="widget-area"><section class="widget"><h2>Recent posts</h2>
        <ul><li><a href="/1">A walk in the hills</a></li><li><a href="/2">Winter light</a></li></ul></section></aside></div>
        <footer id="colophon" class="site-footer"><p>Proudly powered by a blog engine.</p></footer></div></body></html>
        """

    @Test func readsThePostOnly() throws {
        let document = try HTMLModule().parse(ParseInput(bytes: Array(Self.page.utf8), requestType: "html", key: "blog"))
        #expect(document.title == "A walk by the river")
        #expect(document.metadata.byline == "Jane Doe")
        #expect(document.metadata.date == "2020-01-02T10:00:00Z")
        // The date line stays, as in Readability: its `entry-meta` box becomes a plain paragraph.
        let expected = [
            "January 2, 2020", Self.paragraph + Self.paragraph, Self.paragraph, Self.paragraph + Self.paragraph,
        ].map { $0.trimmingSpaces }.joined(separator: "\n\n")
        #expect(document.plainText == expected)
    }
}
