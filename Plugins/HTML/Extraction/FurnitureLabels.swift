/// The titles sites put over what surrounds an article — "You may also like", "Trending",
/// "About the author", "Baca juga" — in the languages of the pages tested. A section under
/// such a title is page furniture, however it is marked up.
enum FurnitureLabel {
    /// A title is short; a longer line that starts with these words is prose, or a link to one
    /// more page within the article ("Lire aussi : Les critiques de la CNIL…", which
    /// Readability keeps).
    static let maximumLength = 60

    /// A title set before the link it names, on one line ("Related: Possible Water Plumes on
    /// Europa: The Discovery in Images", "READ MORE: …"): as long as a headline.
    static let maximumLinkedLength = 160

    /// The line is one of the titles: alone, before a colon or a bar, or (a phrase of several
    /// words) followed by what it names ("More articles from Emiliano Bellini"). A line that
    /// is `mostlyLinked` may be a title and a colon before a headline, longer than a title.
    static func matches(_ text: String, mostlyLinked: Bool = false) -> Bool {
        guard !text.isEmpty, text.count <= (mostlyLinked ? maximumLinkedLength : maximumLength) else { return false }
        let long = text.count > maximumLength
        var line = text.lowercased()
        while let last = line.last, last == ":" || last == "?" || last == "!" || last == "…" || last == "." || last == " " {
            line.removeLast()
        }
        line = line.replacingApostrophes()
        for phrase in phrases where line.hasPrefix(phrase) {
            let rest = line.dropFirst(phrase.count)
            guard let next = rest.first else { return true }
            if next == ":" || next == "|" { return true }
            if long { continue }
            // One word may start a title of content ("Related work", "Popular culture"); a
            // phrase of several says what it is.
            if next == " ", phrase.contains(" ") { return true }
        }
        return false
    }

    static let phrases: [String] = [
        // English
        "related", "related articles", "related stories", "related posts", "related content", "related coverage",
        "related news", "related links", "more stories", "more from", "more articles", "more news", "more on this",
        "you may also like", "you might also like", "you may like", "we recommend", "recommended", "trending",
        "trending now", "trending stories", "popular", "popular this week", "popular now", "popular posts",
        "popular stories", "most popular", "most read", "most viewed", "recent articles", "recent posts",
        "latest news", "latest stories", "more", "read more", "read next", "read also", "also read", "about the author",
        "don't miss", "top stories", "editor's picks", "editors' picks", "want more stories like this",
        "sign up for", "subscribe to our", "around the web", "from the web", "sponsored stories",
        // German, French, Spanish, Portuguese, Italian, Dutch, Indonesian
        "lesen sie auch", "mehr zum thema", "das könnte sie auch interessieren", "weitere artikel",
        "ähnliche artikel", "lire aussi", "à lire aussi", "sur le même sujet", "articles similaires",
        "ver también", "lee también", "noticias relacionadas", "artículos relacionados", "te puede interesar",
        "leia também", "leia mais", "veja também", "notícias relacionadas", "leggi anche", "articoli correlati",
        "potrebbe interessarti", "lees ook", "gerelateerde artikelen", "baca juga", "artikel terkait",
        "berita terkait", "lihat juga",
    ]
}

extension String {
    /// Typographic apostrophes as the ASCII one, so that one spelling of a phrase matches both.
    func replacingApostrophes() -> String {
        guard contains("’") else { return self }
        return String(map { $0 == "’" ? "'" : $0 })
    }
}
