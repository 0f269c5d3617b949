import Foundation
import ReaderPluginAPI
import ReaderSupport

/// One line of `reader refs KEY`: a document related to the one asked about, seen from it.
public struct RelatedDocument: Sendable, Codable, Equatable {
    /// The relation's name seen from the asked document (`cites`, `citedBy`, `obsoletedBy`,
    /// `linkedFrom`, …): the kind's name when the asked document has the relation, its inverse
    /// when the other one has it.
    public var type: String
    public var key: String
    /// How lists and links name it (`RFC 9293`): the stored document's label, else its key's
    /// identifier's, else the key.
    public var label: String
    public var title: String?
    /// The section of the asked document the relation is made in or points to, when known.
    public var section: String?
    /// The section of the other document, when known and one section of the asked one is asked
    /// for: where a citing document cites it (`refs 9110 --section 15.4` names the section of
    /// RFC 9540 that cites it), or the section of the other document it points to.
    public var otherSection: String? = nil

    /// `--section S` opening the other document at ``otherSection``, quoted for a shell.
    public var otherSectionOption: String? {
        otherSection.map { "--section " + ShellWord.quoted($0) }
    }
    /// Whether the other document is stored (a link) or not (something to fetch).
    public var stored: Bool
    /// Why it has nothing to fetch (`never issued`), when a listing describing it says so.
    public var unavailable: String?

    public init(
        type: String, key: String, label: String, title: String? = nil, section: String? = nil, stored: Bool,
        unavailable: String? = nil
    ) {
        self.type = type
        self.key = key
        self.label = label
        self.title = title
        self.section = section
        self.stored = stored
        self.unavailable = unavailable
    }
}

extension Reader {
    /// `reader refs KEY`: every stored relation of `key`, both ways — what it cites, links,
    /// obsoletes, and what cites, links or obsoletes it — from the relation index; with
    /// `section`, only those made in or pointing to that section (or a section within it).
    /// The parts a document ``RelationKind/contains`` are not listed; what relates to them is.
    public func relations(of key: String, section: String? = nil) throws -> [RelatedDocument] {
        let (outgoing, incoming, _) = try store.relations(of: key)
        let kinds = relationKinds
        var seen: Set<[String]> = []
        var found: [(type: String, key: String, section: String?, otherSection: String?)] = []
        // A document's relation to itself is no news, but a part's to another part is (a reply
        // in a timeline to a tweet of the same timeline: the relation has the part's section).
        // The other document's section only for one section asked: each place that cites it is
        // then a line of its own; for the whole document, one line per document.
        func add(_ type: String, _ other: String, _ place: String?, _ otherPlace: String?) {
            guard other != key || place != nil, section.map({ Self.section(place, isWithin: $0) }) ?? true else { return }
            let otherPlace = section == nil ? nil : otherPlace
            if seen.insert([type, other, place ?? "", otherPlace ?? ""]).inserted { found.append((type, other, place, otherPlace)) }
        }
        for row in outgoing where row.type != RelationKind.contains.name && row.target != key {
            add(row.type, row.target, row.section, row.targetSection)
        }
        let ordered = incoming.sorted { a, b in
            let order = a.subject.compare(b.subject, options: .numeric)
            return order == .orderedSame ? (a.targetSection ?? "") < (b.targetSection ?? "") : order == .orderedAscending
        }
        for row in ordered {
            add(kinds.first { $0.name == row.type }?.inverse ?? row.type + "By", row.subject, row.targetSection, row.section)
        }
        let described = describe(Array(Set(found.map(\.key))))
        return found.map { relation in
            var document = described[relation.key] ?? RelatedDocument(type: "", key: relation.key, label: relation.key, stored: false)
            document.type = relation.type
            document.section = relation.section
            document.otherSection = relation.otherSection
            return document
        }
    }

    /// The kinds of relation every module may use and those the registered modules declare,
    /// by name (a module's kind does not replace a standard one of the same name).
    public var relationKinds: [RelationKind] {
        var kinds = RelationKind.standard
        for registration in registry.registrations {
            for kind in registration.module.descriptor.relationKinds where !kinds.contains(where: { $0.name == kind.name }) {
                kinds.append(kind)
            }
        }
        return kinds
    }

    /// How `refs` names `key` itself: its label and title, whether it is stored, and why it
    /// has nothing to fetch.
    public func relatedDocument(_ key: String) -> RelatedDocument {
        describe([key])[key] ?? RelatedDocument(type: "", key: key, label: key, stored: false)
    }

    /// Why `key` has nothing to fetch, in a sentence, when a stored listing can say (never
    /// issued; past the listing's last entry): `refs` says it where the title would be.
    public func absenceNote(of key: String) -> String? {
        absence(of: key)
    }

    /// Whether `place` is `section` or a section within it (`3.2.1` is within `3.2`).
    static func section(_ place: String?, isWithin section: String) -> Bool {
        guard let place else { return false }
        return place == section || place.hasPrefix(section + ".")
    }

    /// Label, title, stored or not, and unavailability of each key: the catalog's titles
    /// (by the one rule, ``ShownTitle``) for what is stored, the listings' for the rest.
    ///
    /// The keys' entries are looked up one by one, not the catalog read: a document's handful of
    /// relations in a store of a million.
    private func describe(_ keys: [String]) -> [String: RelatedDocument] {
        var entries: [String: CatalogEntry] = [:]
        for key in keys { entries[key] = (try? store.catalog.entry(key)) ?? nil }
        let titles = store.shownTitles(keys.sorted().map { ($0, entries[$0]?.title) }, sources: titleSources)
        let unavailable = unavailability(of: keys.filter { entries[$0] == nil })
        var described: [String: RelatedDocument] = [:]
        for key in keys {
            described[key] = RelatedDocument(
                type: "", key: key, label: label(ofKey: key) ?? key, title: titles[key] ?? nil, stored: entries[key] != nil,
                unavailable: unavailable[key])
        }
        return described
    }

    /// Why each of `keys` (not stored) has nothing to fetch, as the stored listings describing
    /// them say: marked as naming no document (`never issued`), or not listed.
    private func unavailability(of keys: [String]) -> [String: String] {
        var byListing: [String: (keys: ListedKeys, ids: [String: String])] = [:]
        for (key, described) in describingEntries(keys, where: { _ in true }) {
            guard let listingKey = try? catalogKey(of: described.keys.listing) else { continue }
            byListing[listingKey, default: (described.keys, [:])].ids[described.id] = key
        }
        var unavailable: [String: String] = [:]
        for (listingKey, group) in byListing {
            guard let index = (try? store.catalog.entry(listingKey)) ?? nil else { continue }
            let found = store.unavailability(of: group.ids, index: index, field: group.keys.listing.absentField, reason: group.keys.reason)
            unavailable.merge(found) { first, _ in first }
        }
        return unavailable
    }
}
