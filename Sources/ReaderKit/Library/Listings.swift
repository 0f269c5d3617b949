import Foundation
import ReaderCatalog
import ReaderPluginAPI
import ReaderRegistry
import ReaderStore
import ReaderSupport

/// A declared ``Listing`` with the described module's identifiers read: an entry's id is the
/// described request's argument (`793`), so its key and label are that identifier's templates
/// filled (`rfc/793`, `RFC 793`), and a key is read back to the entry that describes it.
public struct ListedKeys: Sendable {
    public let listing: Listing
    private let templates: [(key: KeyTemplate, keyText: String, argument: String, label: String)]

    init(_ listing: Listing, identifiers: [Identifier]) {
        self.listing = listing
        templates = identifiers.filter { $0.requestType == listing.describes }.compactMap { identifier in
            KeyTemplate(identifier.key).map { ($0, identifier.key, identifier.argument, identifier.label) }
        }
    }

    /// The id of the entry that would describe `key` (`rfc/793` → `793`); nil for a key of
    /// another request type.
    public func id(ofKey key: String) -> String? {
        for template in templates {
            if let value = template.key.value(inKey: key) { return IdentifierPattern.fill(template.argument, value) }
        }
        return nil
    }

    /// The key of the document an entry describes (`793` → `rfc/793`).
    public func key(ofID id: String) -> String? {
        value(ofID: id).map { IdentifierPattern.fill($0.template.keyText, $0.value) }
    }

    /// How lists name the document an entry describes (`RFC 793`); the id when no identifier does.
    public func label(ofID id: String) -> String {
        value(ofID: id).map { IdentifierPattern.fill($0.template.label, $0.value) } ?? id
    }

    /// What one described document is called (`RFC`, from the label `RFC {number}`), for messages.
    public var noun: String {
        let label = templates.first?.label ?? listing.describes
        let words = IdentifierPattern.fill(label, "").trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "()")))
        return words.isEmpty ? listing.describes : words
    }

    private func value(ofID id: String) -> (template: (key: KeyTemplate, keyText: String, argument: String, label: String), value: String)?
    {
        for template in templates where template.argument == "{number}" || template.argument == "{name}" {
            var value = id
            if template.keyText.contains("{number}") {
                guard !id.isEmpty, id.allSatisfy(\.isASCIIDigit), let number = Int(id) else { continue }
                value = String(number)
            }
            if template.key.value(inKey: IdentifierPattern.fill(template.keyText, value)) != nil { return (template, value) }
        }
        return nil
    }

    /// Why the document of an entry is missing, as `reader open` says it: marked as naming no
    /// document (`RFC 14 was never issued (the RFC index says "Not Issued")`), or not listed.
    func absence(label: String, marked: Bool, last: String) -> String {
        if marked { return "\(label) was \(reason) (the \(listing.name) says \"\(listing.absentMark ?? reason)\")" }
        return
            "\(label) is not in the stored \(listing.name), whose last is \(last) ('reader fetch \(listing.requestType)' brings it up to date)"
    }

    /// The same, short: a reference's tooltip.
    func shortAbsence(label: String, marked: Bool, last: String) -> String {
        marked ? "\(label) was \(reason)" : "not in the \(listing.name) (its last is \(last))"
    }

    /// What a document its entry marks is (`never issued`).
    public var reason: String { listing.absentReason ?? listing.absentMark?.lowercased() ?? "listed without a document" }

    /// Whether `entry` names no document.
    public func marks(_ entry: Entry) -> Bool {
        listing.absentField.map { entry.fields[$0] == .bool(true) } ?? false
    }
}

extension Reader {
    /// The listings the modules declare: those of the modules asked first (overriding, built-in),
    /// then, with `plugins`, the plugin path's (loading it).
    func declaredListings(plugins: Bool) -> [Listing] {
        var all = registry.firstListings
        guard plugins else { return all }
        for listing in registry.pluginListings where !all.contains(where: { $0.requestType == listing.requestType }) {
            all.append(listing)
        }
        return all
    }

    /// The listing `list` and `search` read: the first declared whose document is stored (the
    /// plugin path's looked at only when no other is); when none is, the first declared, whose
    /// absence is then the contract's "not in the store".
    public func currentListing() -> ListedKeys? {
        let first = registry.firstListings
        let chosen =
            first.first(where: isStored)
            ?? {
                let plugins = registry.pluginListings
                return plugins.first(where: isStored) ?? first.first ?? plugins.first
            }()
        return chosen.map(listedKeys)
    }

    /// Every declared listing, with its keys (the plugin path's too): what the site shows.
    public var listings: [ListedKeys] { declaredListings(plugins: true).map(listedKeys) }

    /// The listing of request type `type` (`rfc-index`), when a module declares one.
    public func listing(ofType type: String) -> ListedKeys? {
        (registry.firstListings.first { $0.requestType == type }
            ?? (registry.builtinModule(for: type) == nil ? registry.pluginListings.first { $0.requestType == type } : nil))
            .map(listedKeys)
    }

    func listedKeys(_ listing: Listing) -> ListedKeys {
        ListedKeys(listing, identifiers: registry.module(for: listing.describes)?.descriptor.identifiers ?? [])
    }

    /// The catalog key of a listing's document (`rfc-index`): its module's location of it.
    public func catalogKey(of listing: Listing) throws -> String {
        try locate(listing.requestType, "").1.key
    }

    private func isStored(_ listing: Listing) -> Bool {
        ((try? catalogKey(of: listing)).flatMap { try? store.entry($0) }) != nil
    }

    /// The stored document of `listing`; the contract's "not in the store" when there is none.
    func storedListing(_ listing: Listing) throws -> CatalogEntry {
        let key = try catalogKey(of: listing)
        guard let entry = try store.entry(key) else {
            throw ReaderError.notStored(key: key, command: "reader fetch \(listing.requestType)")
        }
        return entry
    }

    /// For each of `keys` that a listing `chosen` keeps describes, that listing and the entry
    /// id: the modules asked first decide, the plugin path's only for keys of a request type
    /// no built-in module serves (a built-in document never loads a third-party module).
    func describingEntries(_ keys: [String], where chosen: (Listing) -> Bool) -> [String: (keys: ListedKeys, id: String)] {
        var found: [String: (keys: ListedKeys, id: String)] = [:]
        let first = registry.firstListings.filter(chosen).map(listedKeys)
        var rest: [String] = []
        for key in keys {
            if let (listed, id) = first.lazy.compactMap({ listed in listed.id(ofKey: key).map { (listed, $0) } }).first {
                found[key] = (listed, id)
            } else if !Request.isURL(key), let slash = key.firstIndex(of: "/"), registry.builtinModule(for: String(key[..<slash])) == nil {
                rest.append(key)
            }
        }
        guard !rest.isEmpty else { return found }
        let plugins = registry.pluginListings.filter(chosen).map(listedKeys)
        for key in rest {
            if let (listed, id) = plugins.lazy.compactMap({ listed in listed.id(ofKey: key).map { (listed, $0) } }).first {
                found[key] = (listed, id)
            }
        }
        return found
    }

    /// The listings' entries whose titles win (``Listing/titlesWin``) for `keys`, by key: the
    /// catalog key of the listing and the entry's id (``ShownTitle``).
    func titleSources(_ keys: [String]) -> [String: (listing: String, id: String)] {
        describingEntries(keys) { $0.titlesWin }.compactMapValues { described in
            (try? catalogKey(of: described.keys.listing)).map { ($0, described.id) }
        }
    }

    /// The entry a stored listing has for the document of `key` (`rfc/793` → RFC 793's line
    /// of the RFC index): one line of its entry table, not the listing decoded. Nil when no
    /// listing describes the key, or none is stored, or it has no such entry.
    public func listedEntry(ofKey key: String) throws -> Entry? {
        guard let described = describingEntries([key], where: { _ in true })[key],
            let listing = try store.entry(try catalogKey(of: described.keys.listing))
        else { return nil }
        return try store.indexEntry(described.id, of: listing)
    }
}
