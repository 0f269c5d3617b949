/// The attributes the extractor reads; the parser keeps only these.
enum AttributeName: UInt8, Sendable {
    case `class`, id, style, hidden, ariaHidden, ariaModal, role, rel, itemprop
    case href, src, dataSrc, dataLazySrc, dataOriginal, srcset, dataSrcset, alt, width, height
    case datetime, summary, datatable, rowspan, colspan, lang, xmlLang
    case content, property, name, httpEquiv, type

    init?(html name: String) {
        guard let known = AttributeName.byName[name] else { return nil }
        self = known
    }

    private static let byName: [String: AttributeName] = [
        "class": .class, "id": .id, "style": .style, "hidden": .hidden, "aria-hidden": .ariaHidden,
        "aria-modal": .ariaModal, "role": .role, "rel": .rel, "itemprop": .itemprop, "href": .href, "src": .src,
        "data-src": .dataSrc, "data-lazy-src": .dataLazySrc, "data-original": .dataOriginal, "srcset": .srcset, "data-srcset": .dataSrcset,
        "alt": .alt, "width": .width, "height": .height, "datetime": .datetime, "summary": .summary,
        "datatable": .datatable, "rowspan": .rowspan, "colspan": .colspan, "lang": .lang, "xml:lang": .xmlLang,
        "content": .content, "property": .property, "name": .name, "http-equiv": .httpEquiv, "type": .type,
    ]
}

/// An attribute of a parsed element; its value is a range of ``DOM/bytes`` ("" for an
/// attribute written without a value).
struct Attribute {
    var name: AttributeName
    var start: Int32
    var count: Int32
}
