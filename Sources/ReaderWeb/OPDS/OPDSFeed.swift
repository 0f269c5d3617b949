import Foundation
import ReaderKit

/// The store as an OPDS 1.2 catalog (`/opds`), for e-readers: Atom feeds, a navigation feed at
/// the root (recent, by source, by tag) and acquisition feeds of documents whose
/// acquisition link is the document as an EPUB (`/export.epub?key=…`), with an OpenSearch
/// description for search. Built from the same calls `cache ls` and `find` make, so every
/// source is in it.
struct OPDSFeed: Sendable {
    enum Kind: String, Sendable {
        case navigation, acquisition
    }

    /// One entry: a document (acquisition) or a feed further down (navigation).
    struct Entry: Sendable {
        var id: String
        var title: String
        var updated: String
        var summary: String?
        /// A navigation entry's feed, or a document's key.
        var target: Target

        enum Target: Sendable {
            case feed(path: String, kind: Kind)
            case document(key: String, source: String)
        }
    }

    var kind: Kind
    /// Where the feed is, from the site's root (`/opds/recent`).
    var path: String
    var title: String
    var entries: [Entry]
    var updated: String

    static let navigationType = "application/atom+xml;profile=opds-catalog;kind=navigation"
    static let acquisitionType = "application/atom+xml;profile=opds-catalog;kind=acquisition"
    static let searchType = "application/opensearchdescription+xml"

    static func type(_ kind: Kind) -> String { kind == .navigation ? navigationType : acquisitionType }

    var contentType: String { Self.type(kind) }

    var xml: String {
        let escape = XHTMLRenderer.escape
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:opds="http://opds-spec.org/2010/catalog" xmlns:dc="http://purl.org/dc/terms/">
              <id>urn:reader:opds:\(escape(path))</id>
              <title>\(escape(title))</title>
              <updated>\(escape(updated))</updated>
              <author><name>reader</name></author>
              <link rel="self" href="\(escape(path))" type="\(Self.type(kind))"/>
              <link rel="start" href="/opds" type="\(Self.navigationType)"/>
              <link rel="up" href="/opds" type="\(Self.navigationType)"/>
              <link rel="search" href="/opds/search.xml" type="\(Self.searchType)"/>

            """
        for entry in entries {
            out += "  <entry>\n"
            out += "    <id>\(escape(entry.id))</id>\n"
            out += "    <title>\(escape(entry.title))</title>\n"
            out += "    <updated>\(escape(entry.updated))</updated>\n"
            switch entry.target {
            case .feed(let path, let kind):
                let rel = kind == .acquisition ? "http://opds-spec.org/sort/new" : "subsection"
                out += "    <link rel=\"\(rel)\" href=\"\(escape(path))\" type=\"\(Self.type(kind))\"/>\n"
                out += "    <content type=\"text\">\(escape(entry.summary ?? entry.title))</content>\n"
            case .document(let key, let source):
                let query = QueryText.encode(key)
                out += "    <dc:identifier>\(escape(key))</dc:identifier>\n"
                out += "    <category term=\"\(escape(source))\" label=\"\(escape(source))\"/>\n"
                if let summary = entry.summary { out += "    <summary type=\"text\">\(escape(summary))</summary>\n" }
                out +=
                    "    <link rel=\"http://opds-spec.org/acquisition\" href=\"/export.epub?key=\(escape(query))\" type=\"application/epub+zip\"/>\n"
                out += "    <link rel=\"alternate\" href=\"/doc?key=\(escape(query))\" type=\"text/html\"/>\n"
            }
            out += "  </entry>\n"
        }
        return out + "</feed>\n"
    }

    /// The OpenSearch description the feeds' `search` link names: `find` over every stored
    /// document, answered as an acquisition feed.
    static let searchDescription = """
        <?xml version="1.0" encoding="UTF-8"?>
        <OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
          <ShortName>reader</ShortName>
          <Description>Search every stored document</Description>
          <Url type="\(acquisitionType)" template="/opds/search?q={searchTerms}"/>
        </OpenSearchDescription>

        """
}

extension OPDSFeed {
    /// How many documents an acquisition feed lists at most.
    static let limit = 100

    /// `/opds`: what the catalog offers. The feeds below read the store as the home page does —
    /// one pass over the catalog for its counts and newest documents, the tagged documents
    /// looked up one by one — never the whole catalog decoded (a million tweets: 2.2 GB).
    static func root(_ reader: Reader) throws -> OPDSFeed {
        let summary = try reader.storeSummary(recent: 0)
        let updated = summary.latest.values.max() ?? Self.epoch
        var entries = [
            Entry(
                id: "urn:reader:opds:recent", title: "Recently fetched", updated: updated,
                summary: "The documents stored last, newest first", target: .feed(path: "/opds/recent", kind: .acquisition)),
            Entry(
                id: "urn:reader:opds:sources", title: "By source", updated: updated, summary: "The stored documents of each source",
                target: .feed(path: "/opds/sources", kind: .navigation)),
        ]
        entries += try tagEntries(reader)
        return OPDSFeed(kind: .navigation, path: "/opds", title: "reader", entries: entries, updated: updated)
    }

    /// A feed per tag a stored document has (`reader tag`), in the tags' order.
    static func tagEntries(_ reader: Reader) throws -> [Entry] {
        var latest: [String: String] = [:]
        var counts: [String: Int] = [:]
        for (key, state) in try reader.annotationStates() where !state.tags.isEmpty {
            // Notes outlive their document: only a stored one counts.
            guard let entry = try reader.entry(key) else { continue }
            for tag in state.tags {
                latest[tag] = max(latest[tag] ?? "", entry.fetchedAt)
                counts[tag, default: 0] += 1
            }
        }
        return latest.keys.sorted().map { tag in
            Entry(
                id: "urn:reader:opds:tag:\(tag)", title: "Tag: \(tag)", updated: latest[tag] ?? Self.epoch,
                summary: "\(counts[tag] ?? 0) stored documents",
                target: .feed(path: "/opds/tag?name=" + QueryText.encode(tag), kind: .acquisition))
        }
    }

    /// `/opds/tag?name=T`: the documents tagged T, newest first.
    static func tag(_ name: String, _ reader: Reader) throws -> OPDSFeed {
        let keys = try reader.annotationStates().filter { $0.value.tags.contains(name) }.map(\.key)
        let tagged = try reader.listStored(keys: keys).sorted { ($0.fetchedAt, $0.key) > ($1.fetchedAt, $1.key) }
        return documents(Array(tagged.prefix(limit)), path: "/opds/tag?name=" + QueryText.encode(name), title: "Tag: \(name)")
    }

    /// `/opds/recent`: the documents stored last.
    static func recent(_ reader: Reader) throws -> OPDSFeed {
        documents(try reader.storeSummary(recent: limit).recent, path: "/opds/recent", title: "Recently fetched")
    }

    /// `/opds/sources`: a feed per source that has stored documents.
    static func sources(_ reader: Reader) throws -> OPDSFeed {
        let summary = try reader.storeSummary(recent: 0)
        let entries = summary.latest.keys.sorted().map { source in
            Entry(
                id: "urn:reader:opds:source:\(source)", title: source, updated: summary.latest[source] ?? Self.epoch,
                summary: "\(summary.counts[source] ?? 0) stored documents",
                target: .feed(path: "/opds/source?name=" + QueryText.encode(source), kind: .acquisition))
        }
        return OPDSFeed(
            kind: .navigation, path: "/opds/sources", title: "By source", entries: entries,
            updated: summary.latest.values.max() ?? Self.epoch)
    }

    /// `/opds/source?name=S`: the documents of one source, newest first.
    static func source(_ name: String, _ reader: Reader) throws -> OPDSFeed {
        let stored = try reader.storeSummary(recent: limit, source: name).recent
        return documents(stored, path: "/opds/source?name=" + QueryText.encode(name), title: "Source: \(name)")
    }

    /// `/opds/search?q=WORDS`: the documents `find` ranks first, once each.
    static func search(_ words: String, _ reader: Reader) throws -> OPDSFeed {
        let path = "/opds/search?q=" + QueryText.encode(words)
        let terms = words.split(whereSeparator: \.isWhitespace).map(String.init)
        let hits = terms.isEmpty ? [] : ((try? reader.find(terms, limit: limit).hits) ?? [])
        var seen = Set<String>()
        var entries: [Entry] = []
        for hit in hits where seen.insert(hit.key).inserted {
            let fetchedAt = (try? reader.entry(hit.key))??.fetchedAt
            entries.append(
                Entry(
                    id: "urn:reader:document:\(hit.key)", title: hit.title.isEmpty ? hit.key : hit.title,
                    updated: fetchedAt ?? Self.epoch, summary: hit.snippet.text, target: .document(key: hit.key, source: hit.source)))
        }
        return OPDSFeed(
            kind: .acquisition, path: path, title: "Search: \(words)", entries: entries, updated: entries.map(\.updated).max() ?? Self.epoch
        )
    }

    static func documents(_ stored: [Store.Listed], path: String, title: String) -> OPDSFeed {
        let entries = stored.map { document in
            Entry(
                id: "urn:reader:document:\(document.key)", title: document.title ?? document.key, updated: document.fetchedAt,
                summary: nil, target: .document(key: document.key, source: document.source))
        }
        return OPDSFeed(
            kind: .acquisition, path: path, title: title, entries: entries, updated: stored.map(\.fetchedAt).max() ?? Self.epoch)
    }

    static let epoch = "1970-01-01T00:00:00Z"
}
