import ReaderCatalog
import ReaderPluginAPI
import ReaderRendering
import ReaderStore
import ReaderSupport

/// One answer of `reader find`: a passage of a stored document, where it is, the words that
/// matched in it, and the command that opens it there. Its JSON is the contract's.
public struct FindHit: Sendable, Equatable, Encodable {
    public struct Section: Sendable, Equatable, Encodable {
        /// `3.2` for an RFC, the id of a tweet; nil for a page's heading.
        public var number: String?
        /// The section's title, a page's heading, a tweet's author (`@name`).
        public var title: String

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
        }

        enum CodingKeys: String, CodingKey { case number, title }
    }

    public var key: String
    public var source: String
    public var title: String
    /// Nil for the text of a document before its first heading, or one without any.
    public var section: Section?
    public var snippet: Snippet
    /// BM25 with the title and section titles weighted above the body: higher is better.
    public var score: Double
    /// `reader open 793 --section 3.2`.
    public var open: String
    /// The note the hit is (a person's note whose words match), with its id; nil for a passage
    /// of the document's own text.
    public var note: Note?

    enum CodingKeys: String, CodingKey { case key, source, title, section, snippet, matches, score, open, note }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(source, forKey: .source)
        try container.encode(title, forKey: .title)
        try container.encode(section, forKey: .section)
        try container.encode(snippet.text, forKey: .snippet)
        try container.encode(snippet.matches, forKey: .matches)
        try container.encode((score * 100).rounded() / 100, forKey: .score)
        try container.encode(open, forKey: .open)
        if let note { try container.encode(NoteJSON.value(note), forKey: .note) }
    }
}

/// What `find` answers: the hits, best first, and a line to tell the user when the index had
/// to be built first (it was lost, damaged, or never made).
public struct FindResult: Sendable {
    public var hits: [FindHit]
    public var note: String?
}

extension Reader {
    /// How many passages of one document `find` shows at most: the best sections, not a list
    /// of one RFC.
    static let passagesPerDocument = 3

    /// Ranked full-text search of every stored document (see ``FullTextQuery`` for the words).
    public func find(_ words: [String], source: String? = nil, limit: Int = 10) throws -> FindResult {
        try find(words, source: source, limit: limit, filter: AnnotationFilter())
    }

    /// ``find(_:source:limit:)`` with the notes whose words match first (each hit naming its
    /// note), of the documents `filter` admits (tags, read state). Notes and passages both
    /// come from the full-text index; only the records of the notes that match are read.
    public func find(_ words: [String], source: String? = nil, limit: Int = 10, filter: AnnotationFilter) throws -> FindResult {
        let query = try FullTextQuery.checked(words)
        guard query.expression != nil else {
            throw ReaderError.usage("find needs a word to look for (a '-word' only excludes)")
        }
        // Every document's state only for a filter: an unfiltered search reads no record.
        let states = filter.isEmpty || !store.annotations.hasAny ? [:] : AnnotationState.byKey(try store.annotations.allRecords())
        // Filtered, the passages are asked for generously and the admitted ones kept.
        let asked = filter.isEmpty ? limit : min(Self.filteredPassages, max(limit, limit * 20))
        var (result, noted) = try passages(query, source: source, limit: asked)
        let notes = try noteHits(noted, query: query, source: source, filter: filter, limit: limit)
        if !filter.isEmpty { result.hits = result.hits.filter { filter.admits(states[$0.key]) } }
        result.hits = Array((notes + result.hits).prefix(limit))
        return result
    }

    /// How many passages a search filtered by tag or mark asks the index for at most.
    static let filteredPassages = 2000

    /// The passages that match, and the notes the index says match (NoteIndex.swift).
    private func passages(_ query: FullTextQuery, source: String?, limit: Int) throws -> (FindResult, [(id: String, key: String)]) {
        var (index, file, note) = try store.fullTextForSearch()
        guard let connection = index else { return (FindResult(hits: [], note: note), []) }
        func search(_ connection: FullTextIndex.Connection) throws -> [FindHit] {
            guard limit > 0 else { return [] }
            var search = FindSearch(
                store: store, connection: connection, query: query, limit: limit, supersededBy: supersededBy(in: connection),
                shorthand: shorthand(ofKey:), titleSources: titleSources)
            return try search.hits(source: source)
        }
        func notes(_ connection: FullTextIndex.Connection) throws -> [(id: String, key: String)] {
            guard limit > 0, store.annotations.hasAny, let expression = query.expression else { return [] }
            return try connection.notes(matching: expression)
        }
        // Both in one read transaction: one snapshot, the WAL's lock taken once.
        func found(_ connection: FullTextIndex.Connection) throws -> ([FindHit], [(id: String, key: String)]) {
            try connection.reading { (try search(connection), try notes(connection)) }
        }
        do {
            let (hits, noted) = try found(connection)
            if let file { store.fullText.kept.keep(connection, file: file) }
            return (FindResult(hits: hits, note: note), noted)
        } catch let failure as SQLite.Failure where failure.isDamage {
            // Damage met only by this query's pages: made anew from the blobs, said once.
            (index, file, note) = try store.fullTextForSearch(damage: failure)
            guard let connection = index else { return (FindResult(hits: [], note: note), []) }
            let (hits, noted) = try found(connection)
            return (FindResult(hits: hits, note: note), noted)
        } catch let failure as SQLite.Failure {
            throw failure.storageError(store.fullText.path)
        }
    }

    /// The stored documents that supersede a key's, from the relation index: relations of the
    /// kinds that ``RelationKind/supersedes``, of document versions the catalog names. Looked
    /// up when a document is first asked about, once; the catalog entry of each document that
    /// told such a relation is looked up once too, by its key (reading the whole catalog through
    /// `JSONDecoder` was a seventh of a `find`, and grows with the store).
    private func supersededBy(in connection: FullTextIndex.Connection) -> (String) -> [String] {
        let types = Set(relationKinds.filter(\.supersedes).map(\.name))
        var entries: [String: CatalogEntry?] = [:]
        var known: [String: [String]] = [:]
        func entry(_ key: String) -> CatalogEntry? {
            if let kept = entries[key] { return kept }
            let found = (try? store.catalog.entry(key)) ?? nil
            entries[key] = found
            return found
        }
        return { key in
            if let found = known[key] { return found }
            let rows = (try? connection.relations(to: key)) ?? []
            let found = rows.filter { types.contains($0.relation.type) && entry($0.documentKey)?.document.hex == $0.documentBlob }
                .map(\.relation.subject)
            known[key] = found
            return found
        }
    }

    /// The command that opens a hit where it is: `reader open 793 --section 3.2`, the document
    /// named by its shorthand (``shorthand(ofKey:)``), else by its key.
    static func openCommand(_ key: String, _ passage: Passage?, shorthand: (String) -> String) -> String {
        let words = shorthand(key)
        let target = words == key ? ShellWord.quoted(key) : words
        var command = "reader open \(target)"
        // A tweet opens at itself, by its id (`--section` takes a tweet's id too).
        if let passage, passage.isPost, let id = passage.number {
            command += " --section " + ShellWord.quoted(id)
        } else if let passage, let section = passage.number ?? passage.heading {
            command += " --section " + ShellWord.quoted(section)
        }
        return command
    }
}

extension Reader {
    /// The notes the index answered (`noted`, newest first) as hits naming the note, newest
    /// first: a person's own words about a document come before the document's text. Each is
    /// held to its document's records — a note taken back, or one whose record a killed process
    /// never wrote, is passed over — and to the query's phrases and excluded words.
    fileprivate func noteHits(
        _ noted: [(id: String, key: String)], query: FullTextQuery, source: String?, filter: AnnotationFilter, limit: Int
    ) throws -> [FindHit] {
        var states: [String: AnnotationState] = [:]
        var entries: [String: CatalogEntry?] = [:]
        var hits: [FindHit] = []
        for (id, key) in noted where hits.count < limit {
            if states[key] == nil { states[key] = try annotationState(ofKey: key) }
            guard let state = states[key], filter.admits(state), let note = state.notes.first(where: { $0.id == id }),
                query.isMatched(byTexts: [note.text, note.quote ?? ""])
            else { continue }
            if entries[key] == nil { entries[key] = .some(try store.entry(key)) }
            guard let entry = entries[key] ?? nil, source == nil || entry.requestType == source else { continue }
            let title = shownTitles(of: [(key, entry)])[key].flatMap { $0 } ?? entry.title ?? key
            let words = shorthand(ofKey: key)
            var open = "reader open " + (words == key ? ShellWord.quoted(key) : words)
            if let section = note.section { open += " --section " + ShellWord.quoted(section) }
            let body = [note.text, note.quote.map { "\u{201C}\($0)\u{201D}" }].compactMap { $0 }.filter { !$0.isEmpty }
            hits.append(
                FindHit(
                    key: key, source: entry.requestType, title: title,
                    section: note.section.map { FindHit.Section(number: $0, title: "") },
                    snippet: Snippet.make(body.joined(separator: " "), query), score: Self.noteScore, open: open, note: note))
        }
        return hits.sorted { ($0.note?.createdAt ?? "", $0.key) > ($1.note?.createdAt ?? "", $1.key) }
    }

    /// A note's score in `find`: above any passage's (BM25 here stays far below it).
    static let noteScore = 1000.0
}
