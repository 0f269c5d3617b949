import ReaderPluginAPI

/// A document as one JSON value, for the paths of a case (``CasePath``):
///
/// `source`, `key`, `title`, `text` (the plain text), `metadata.{byline, authors, date,
/// siteName, language, url}`, `notes`, `links[].{text, url}`, `extra.*` (the module's own
/// keys), `describedBy.{key, id}`, `entries[].{id, title, authors, date, status, notices,
/// annotations, fields}`, and `blocks[]`, each with `kind` (heading, paragraph, preformatted,
/// list, quote, table, image, rule, post) and `text`, plus `level`, `number`, `title` for a
/// heading, `language` for preformatted text, `items` (a count) for a list, `rows` for a
/// table, `url` for an image, `id`, `author`, `createdAt` for a post; `label`, `status` and
/// `relations[].{type, target, section, targetSection, subject}`.
public enum DocumentView {
    public static func json(_ document: Document) -> JSONValue {
        let metadata = document.metadata
        return .object([
            "source": .string(document.source),
            "key": .string(document.key),
            "title": .string(document.title),
            "text": .string(document.plainText),
            "metadata": .object([
                "byline": JSONValue(metadata.byline), "authors": JSONValue(metadata.authors), "date": JSONValue(metadata.date),
                "siteName": JSONValue(metadata.siteName), "language": JSONValue(metadata.language),
                "url": JSONValue(metadata.url),
            ]),
            "notes": JSONValue(document.notes),
            "links": .array(document.links.map { .object(["text": .string($0.text), "url": .string($0.url)]) }),
            "extra": .object(document.extra),
            "describedBy": document.describedBy.map { .object(["key": .string($0.key), "id": .string($0.id)]) } ?? .null,
            "entries": .array(document.entries.map(entry)),
            "blocks": .array(document.blocks.map(block)),
            "label": JSONValue(document.label),
            "status": JSONValue(document.status),
            "relations": .array(document.relations.map(relation)),
        ])
    }

    static func relation(_ relation: Relation) -> JSONValue {
        .object([
            "type": .string(relation.type), "target": .string(relation.target), "section": JSONValue(relation.section),
            "targetSection": JSONValue(relation.targetSection), "subject": JSONValue(relation.subject),
        ])
    }

    static func entry(_ entry: Entry) -> JSONValue {
        .object([
            "id": .string(entry.id), "title": .string(entry.title), "authors": JSONValue(entry.authors),
            "date": JSONValue(entry.date), "status": JSONValue(entry.status), "notices": JSONValue(entry.notices),
            "annotations": .object(entry.annotations), "fields": .object(entry.fields),
        ])
    }

    static func block(_ block: Block) -> JSONValue {
        var view: [String: JSONValue] = ["text": JSONValue(block.plainText)]
        switch block {
        case .heading(let level, let number, let title):
            view["kind"] = "heading"
            view["level"] = JSONValue(level)
            view["number"] = JSONValue(number)
            view["title"] = .string(title)
        case .paragraph:
            view["kind"] = "paragraph"
        case .preformatted(_, let language):
            view["kind"] = "preformatted"
            view["language"] = JSONValue(language)
        case .list(let ordered, let items):
            view["kind"] = "list"
            view["ordered"] = .bool(ordered)
            view["items"] = JSONValue(items.count)
        case .quote:
            view["kind"] = "quote"
        case .table(let rows, let header):
            view["kind"] = "table"
            view["rows"] = JSONValue(rows.count)
            view["header"] = .bool(header)
        case .image(_, let url, let caption, _):
            view["kind"] = "image"
            view["url"] = JSONValue(url)
            if let caption { view["caption"] = .string(caption) }
        case .rule:
            view["kind"] = "rule"
        case .post(let post):
            view["kind"] = "post"
            view["id"] = .string(post.id)
            view["author"] = .string(post.author)
            view["createdAt"] = JSONValue(post.createdAt)
        }
        return .object(view)
    }
}
