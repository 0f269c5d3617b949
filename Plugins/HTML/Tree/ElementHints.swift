/// What an element's attributes tell the extractor, worked out once while the page is parsed
/// so that the extractor's passes (and its retries) read bits instead of attribute text.
struct ElementHints: OptionSet, Sendable {
    let rawValue: UInt16
    /// The class or id names page furniture (Readability's "unlikely candidates")...
    static let unlikely = ElementHints(rawValue: 1 << 0)
    /// ...unless it also names content.
    static let maybeCandidate = ElementHints(rawValue: 1 << 1)
    /// Rel, itemprop, class or id say that this names the author.
    static let byline = ElementHints(rawValue: 1 << 2)
    /// The class or id has `share` as a word.
    static let share = ElementHints(rawValue: 1 << 3)
    /// Hidden by inline style, the `hidden` attribute or `aria-hidden` (except the fallback
    /// images of formulas, which are hidden from screen readers but shown), or by a class
    /// that keeps text for screen readers only.
    static let hidden = ElementHints(rawValue: 1 << 4)
    /// `role="dialog"` with `aria-modal="true"`.
    static let modalDialog = ElementHints(rawValue: 1 << 5)
    /// An ARIA role of page furniture (menus, navigation, alerts).
    static let unlikelyRole = ElementHints(rawValue: 1 << 6)
    /// A link within the page (`href="#…"`), which counts less in link density.
    static let inPageLink = ElementHints(rawValue: 1 << 7)
    /// Set by the extractor, not the parser: a part of the content cleaned as a `div`.
    static let treatedAsDiv = ElementHints(rawValue: 1 << 8)
    /// The class or id names a picture's credit line.
    static let credit = ElementHints(rawValue: 1 << 9)
    /// The class or id names a picture's caption.
    static let caption = ElementHints(rawValue: 1 << 10)
    /// Set by the extractor: a picture whose caption it took out, whose alt text (most often
    /// the same words) is left out too.
    static let captionRemoved = ElementHints(rawValue: 1 << 11)
    /// The class or id names a newsletter sign-up, or a box about the writer.
    static let furnitureBox = ElementHints(rawValue: 1 << 12)
    /// The class names a social network's post quoted in the article.
    static let embeddedPost = ElementHints(rawValue: 1 << 13)
}

/// The ARIA roles of page furniture.
let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

/// Collects an element's attributes one by one, then gives its ``ElementHints`` and class weight.
struct ElementHintReader {
    private var classWords: ClassWordHits = []
    private var idWords: ClassWordHits = []
    private var hasClass = false
    private var hasID = false
    private var hidden = false
    private var ariaHidden = false
    private var dialog = false
    private var modal = false
    private var unlikelyRole = false
    private var author = false
    private var inPageLink = false

    mutating func read(_ name: AttributeName, _ value: UnsafeBufferPointer<UInt8>) {
        switch name {
        case .class:
            hasClass = value.count > 0
            classWords = ClassWords.scan(value)
        case .id:
            hasID = value.count > 0
            idWords = ClassWords.scan(value)
        case .style: hidden = hidden || Self.hidesElement(value)
        case .hidden: hidden = true
        case .ariaHidden: ariaHidden = value.elementsEqual("true".utf8)
        case .ariaModal: modal = value.elementsEqual("true".utf8)
        case .role:
            dialog = value.elementsEqual("dialog".utf8)
            unlikelyRole = unlikelyRoles.contains(String(decoding: value, as: UTF8.self))
        case .rel: author = author || value.elementsEqual("author".utf8)
        case .itemprop: author = author || Array(value).containsBytes(Array("author".utf8))
        case .href: inPageLink = value.count > 1 && value[0] == UInt8(ascii: "#")
        default: break
        }
    }

    var hints: ElementHints {
        var hints: ElementHints = []
        let words = classWords.union(idWords)
        if words.contains(.unlikely) { hints.insert(.unlikely) }
        if words.contains(.maybeCandidate) { hints.insert(.maybeCandidate) }
        if author || words.contains(.byline) { hints.insert(.byline) }
        if words.contains(.shareToken) { hints.insert(.share) }
        if hidden || (ariaHidden && !classWords.contains(.fallbackImage)) || classWords.contains(.screenReaderOnly) {
            hints.insert(.hidden)
        }
        if words.contains(.credit) { hints.insert(.credit) }
        if words.contains(.caption) { hints.insert(.caption) }
        if words.contains(.signup) || words.contains(.authorBox) { hints.insert(.furnitureBox) }
        if classWords.contains(.embeddedPost) { hints.insert(.embeddedPost) }
        if dialog && modal { hints.insert(.modalDialog) }
        if unlikelyRole { hints.insert(.unlikelyRole) }
        if inPageLink { hints.insert(.inPageLink) }
        return hints
    }

    var classWeight: Int8 {
        var weight: Int8 = 0
        for (present, words) in [(hasClass, classWords), (hasID, idWords)] where present {
            if words.contains(.negative) || words.contains(.hidToken) { weight -= 25 }
            if words.contains(.positive) { weight += 25 }
        }
        return weight
    }

    /// An inline style with `display: none` or `visibility: hidden`.
    static func hidesElement(_ style: some Collection<UInt8>) -> Bool {
        var compact: [UInt8] = []
        compact.reserveCapacity(style.count)
        for byte in style where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            compact.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        return compact.containsBytes(displayNone) || compact.containsBytes(visibilityHidden)
    }

    private static let displayNone = Array("display:none".utf8)
    private static let visibilityHidden = Array("visibility:hidden".utf8)
}
