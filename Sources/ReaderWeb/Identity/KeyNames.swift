import Foundation
import ReaderKit
import ReaderPluginAPI

/// What the modules' identifiers say about catalog keys, for the pages: how a key is labelled
/// (`rfc/793` → `RFC 793`), its address on the site (`/rfc/793`, an alias for
/// `/doc?key=rfc%2F793`), the form field that fetches it (`rfc=793`), which key a shorthand
/// typed in the search box names (`793`), and the keys a text names by their labels
/// (``Mentions``). Made once per ``Site`` from ``Reader/identifierTemplates``.
struct KeyNames: Sendable {
    /// One identifier, its templates read.
    struct Form: Sendable {
        var identifier: Identifier
        var pattern: Template
        var argument: Template
        var key: Template
        var label: Template
    }

    let forms: [Form]
    let mentions: Mentions
    /// The relation kinds the modules use: the words of banners and lists of related documents.
    let relationKinds: [RelationKind]
    /// The listings the modules declare: how their documents are called on the pages.
    let listings: [Listing]

    init(_ identifiers: [Identifier], relationKinds: [RelationKind] = RelationKind.standard, listings: [Listing] = []) {
        self.relationKinds = relationKinds
        self.listings = listings
        forms = identifiers.compactMap { identifier in
            guard let pattern = Template(identifier.pattern), let argument = Template(identifier.argument),
                let key = Template(identifier.key), let label = Template(identifier.label),
                !identifier.requestType.isEmpty
            else { return nil }
            return Form(identifier: identifier, pattern: pattern, argument: argument, key: key, label: label)
        }
        mentions = Mentions(forms.map { ($0.label, $0.key) })
    }

    /// The identifier whose key template reads `key`, and the value it holds.
    func read(key: String) -> (form: Form, value: String)? {
        for form in forms {
            if let value = form.key.value(in: key), form.key.filled(value) == key { return (form, value) }
        }
        return nil
    }

    /// `RFC 793` for `rfc/793`; nil for a key no identifier reads.
    func label(ofKey key: String) -> String? {
        read(key: key).map { $0.form.label.filled($0.value) }
    }

    /// The request that fetches `key`, as a form field: the request type and its argument.
    func fetchField(ofKey key: String) -> (name: String, value: String)? {
        read(key: key).map { ($0.form.identifier.requestType, $0.form.argument.filled($0.value)) }
    }

    /// The key a request type and argument name (`rfc`, `793` → `rfc/793`): the alias
    /// `/TYPE/ARGUMENT` and the fetch form's field.
    func key(requestType: String, argument: String) -> String? {
        for form in forms where form.identifier.requestType == requestType {
            if let value = form.argument.value(in: argument) { return form.key.filled(value) }
        }
        return nil
    }

    /// The page of `key`: `/TYPE/ARGUMENT` when an identifier names it in plain characters, else
    /// `/doc?key=…`.
    func path(ofKey key: String) -> String {
        if let field = fetchField(ofKey: key), field.value.unicodeScalars.allSatisfy(Template.isNameScalar),
            self.key(requestType: field.name, argument: field.value) == key
        {
            return "/" + QueryText.encode(field.name) + "/" + field.value
        }
        return "/doc?key=" + QueryText.encode(key)
    }

    /// The key of the document a URL shows, where a module's identifier says its documents are
    /// published (``Identifier/published``: `https://www.rfc-editor.org/rfc/rfc9110.txt` →
    /// `rfc/9110`); http and https alike, letters in either case.
    func key(ofURL url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        var text = url.absoluteString.lowercased()
        text.removeFirst(scheme.count)
        for form in forms {
            for address in form.identifier.published {
                guard let template = Template(Self.withoutScheme(address).lowercased()), let value = template.value(in: text) else {
                    continue
                }
                return form.key.filled(value)
            }
        }
        return nil
    }

    private static func withoutScheme(_ address: String) -> String {
        guard let colon = address.firstIndex(of: ":") else { return address }
        return String(address[colon...])
    }

    /// The key a shorthand names (`793`, `rfc 793`, `RFC793`), when exactly one does: the words
    /// of the search box read as `reader open` reads them. A space of a pattern matches spaces
    /// or nothing; letters match in either case.
    func key(shorthand typed: String) -> String? {
        let text = typed.trimmingCharacters(in: .whitespaces).lowercased()
        var found: Set<String> = []
        for form in forms {
            let prefix = Self.squeezed(form.pattern.prefix.lowercased()), suffix = Self.squeezed(form.pattern.suffix.lowercased())
            let squeezed = Self.squeezed(text)
            guard squeezed.hasPrefix(prefix), squeezed.hasSuffix(suffix), squeezed.count > prefix.count + suffix.count else { continue }
            let middle = squeezed.dropFirst(prefix.count).dropLast(suffix.count)
            // A name keeps its case: read it from the typed text at the same place.
            guard let value = Template.normalized(middle, form.pattern.placeholder) else { continue }
            let original = form.pattern.placeholder == .name ? Self.caseOf(value, in: typed) : value
            found.insert(form.key.filled(original))
        }
        return found.count == 1 ? found.first : nil
    }

    private static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    private static func caseOf(_ lowered: String, in typed: String) -> String {
        let squeezed = typed.filter { !$0.isWhitespace }
        guard let range = squeezed.lowercased().range(of: lowered) else { return lowered }
        let start = squeezed.lowercased().distance(from: squeezed.lowercased().startIndex, to: range.lowerBound)
        return String(squeezed.dropFirst(start).prefix(lowered.count))
    }
}
