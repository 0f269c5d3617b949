import ReaderPluginAPI

/// A t.co link in a tweet's text, from its URL or media entities.
struct TextEntity: Sendable {
    enum Action: Sendable, Equatable {
        /// The t.co link gives way to the address it stands for.
        case expand(url: String, display: String?)
        /// The link only stands for attached media or the quoted tweet, both shown elsewhere.
        case remove
    }

    /// Code points over the HTML-escaped text.
    var range: Range<Int>
    /// The t.co link the API says sits at `range`.
    var shortURL: String
    var action: Action
}

/// A tweet's text as the X clients show it, and the links in it.
struct RenderedText: Sendable, Equatable {
    var text: String
    var links: [Link]
}

enum TweetText {
    /// Applies the entities to the HTML-escaped `escaped` text, keeps only `displayRange` when
    /// given, then unescapes.
    ///
    /// An entity is applied only where its indices really hold its t.co link: text cut to 140
    /// characters can leave an entity pointing at "…" or half a link, which stays as written.
    /// The output is built from the original indices, front to back, so no index ever shifts
    /// (the same as expanding from the back); the escaped text between entities is unescaped
    /// on the way, the URLs put in are not (they were never escaped).
    static func render(_ escaped: String, displayRange: Range<Int>?, entities: [TextEntity]) -> RenderedText {
        let points = CodePoints(escaped)
        let visible = displayRange.map { $0.clamped(to: 0..<points.count) } ?? 0..<points.count
        let applicable =
            entities
            .filter {
                $0.range.lowerBound >= visible.lowerBound && $0.range.upperBound <= visible.upperBound
                    && !$0.range.isEmpty && points.slice($0.range, is: $0.shortURL)
            }
            .sorted { $0.range.lowerBound < $1.range.lowerBound }

        var output = String.UnicodeScalarView()
        var links: [Link] = []
        var cursor = visible.lowerBound
        var skipSpaces = false
        for entity in applicable where entity.range.lowerBound >= cursor {
            append(points.scalars[cursor..<entity.range.lowerBound], to: &output, skippingSpaces: skipSpaces)
            cursor = entity.range.upperBound
            switch entity.action {
            case .expand(let url, let display):
                output.append(contentsOf: url.unicodeScalars)
                links.append(Link(text: display ?? url, url: url))
                skipSpaces = false
            case .remove:
                // At the end, the space that separated the link goes with it ("Test. <link>"
                // reads "Test."); in the middle the text stays as X shows it, spaces and all
                // ("#OpICantBreathe <link> (@AshAgony)" keeps both spaces); at the start, the
                // spaces after it go.
                if cursor >= visible.upperBound {
                    trimTrailing(&output) { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
                }
                skipSpaces = output.isEmpty
            }
        }
        append(points.scalars[cursor..<visible.upperBound], to: &output, skippingSpaces: skipSpaces)
        return RenderedText(text: String(output), links: links)
    }

    private static func append(
        _ scalars: ArraySlice<Unicode.Scalar>, to output: inout String.UnicodeScalarView, skippingSpaces: Bool
    ) {
        var start = scalars.startIndex
        if skippingSpaces {
            while start < scalars.endIndex, scalars[start] == " " { start += 1 }
        }
        HTMLEntities.unescape(scalars[start...], into: &output)
    }

    private static func trimTrailing(_ output: inout String.UnicodeScalarView, while matches: (Unicode.Scalar) -> Bool) {
        while let last = output.last, matches(last) { output.removeLast() }
    }
}
