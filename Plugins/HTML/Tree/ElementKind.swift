/// The kinds of HTML element the extractor tells apart, by their tag name; every other element
/// is `.other`. At most 128 cases, so that an ``ElementKindSet`` holds any of them.
enum ElementKind: UInt8, Sendable {
    case text, other
    case html, head, body, title, meta, base, link, script, style, noscript, template, svg, math
    case form, fieldset, button, input, textarea, select, label, iframe, object, embed, canvas
    case video, audio, picture, source
    case nav, aside, footer, header, main, article, section, div, p, span, a, font, center
    case strong, b, em, i, u, s, strike, del, ins, mark, small, sup, sub, cite, q, abbr, time
    case dfn, bdi, bdo, data, wbr, ruby, rt, rp, meter, output, progress, datalist
    case code, kbd, samp, tt, variable
    case pre, blockquote, ul, ol, li, dl, dt, dd, menu
    case table, caption, colgroup, col, thead, tbody, tfoot, tr, td, th
    case img, figure, figcaption, hr, br
    case h1, h2, h3, h4, h5, h6
    case address, details, summary, dialog, hgroup

    /// Looks up a lowercase element name as libxml2's HTML parser reports it.
    init(name: String) {
        self = ElementKind.byName[name] ?? .other
    }

    private static let byName: [String: ElementKind] = {
        var table: [String: ElementKind] = [:]
        for raw in UInt8(2)...UInt8(ElementKind.hgroup.rawValue) {
            guard let tag = ElementKind(rawValue: raw) else { continue }
            table[tag == .variable ? "var" : "\(tag)"] = tag
        }
        return table
    }()

    var isHeading: Bool {
        switch self {
        case .h1, .h2, .h3, .h4, .h5, .h6: return true
        default: return false
        }
    }

    var headingLevel: Int {
        switch self {
        case .h1: return 1
        case .h2: return 2
        case .h3: return 3
        case .h4: return 4
        case .h5: return 5
        case .h6: return 6
        default: return 0
        }
    }

    /// Elements whose content is never reading text; their subtrees are not even copied.
    var isOpaque: Bool {
        switch self {
        case .script, .style, .noscript, .template, .svg, .math, .iframe, .object, .embed, .canvas,
            .textarea, .select, .button, .video, .audio, .datalist:
            return true
        default: return false
        }
    }

    /// Readability's phrasing content: what may sit inside a paragraph.
    var isPhrasing: Bool {
        switch self {
        case .text, .abbr, .audio, .b, .bdo, .br, .button, .cite, .code, .data, .datalist, .dfn, .em,
            .embed, .i, .img, .input, .kbd, .label, .mark, .math, .meter, .noscript, .object, .output,
            .progress, .q, .ruby, .samp, .script, .select, .small, .span, .strong, .sub, .sup,
            .textarea, .time, .variable, .wbr, .font, .u, .s, .strike, .tt, .bdi, .picture:
            return true
        default: return false
        }
    }

    /// Elements that make a `div` more than a paragraph (Readability's DIV_TO_P_ELEMS).
    var isParagraphBreaker: Bool {
        switch self {
        case .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul: return true
        default: return false
        }
    }

    /// Elements that end the current paragraph when the body is rendered.
    var isBlock: Bool {
        switch self {
        case .p, .div, .section, .article, .main, .header, .footer, .nav, .aside, .blockquote, .pre,
            .ul, .ol, .menu, .li, .dl, .dt, .dd, .table, .caption, .thead, .tbody, .tfoot, .tr, .td, .th,
            .figure, .figcaption, .hr, .h1, .h2, .h3, .h4, .h5, .h6, .address, .details, .summary,
            .dialog, .hgroup, .form, .fieldset, .center, .body, .html, .video, .audio,
            .iframe, .object, .embed, .canvas:
            return true
        default: return false
        }
    }
}
