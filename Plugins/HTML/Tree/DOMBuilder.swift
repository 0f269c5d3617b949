internal import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the page says about itself outside its body text, gathered while parsing.
struct PageHead {
    /// The `<meta>` elements, as nodes of the ``DOM``.
    var metas: [Int32] = []
    var jsonLD: [String] = []
    var title: String?
    var baseHref: String?
    var language: String?
}

/// Receives libxml2's SAX events and builds the ``DOM``: elements with the attributes the
/// extractor reads, and text; no comments, and nothing inside scripts, styles and other
/// elements that hold no reading text (except JSON-LD, kept for the metadata).
struct TreeState {
    /// libxml2's own nesting limit for trees; deeper pages stop being read there.
    static let maximumDepth = 256

    private let context: htmlParserCtxtPtr
    private var dom = DOM()
    private var head = PageHead()
    private var stack: [Int32] = []
    /// Elements open inside an ignored element (a script, an SVG drawing).
    private var ignoredDepth = 0
    /// Set at the nesting limit: the parser is stopped and every later event ignored.
    private var stopped = false
    /// Where the text of the ignored element goes, when it is wanted.
    private var capture: (kind: ElementKind, text: [UInt8])?
    /// Where the text not yet in a node starts in ``DOM/bytes``: text arrives in pieces.
    private var pendingStart = -1
    private var names = PointerCache<ElementKind>(filler: .other)
    private var attributeNames = PointerCache<AttributeName?>(filler: nil)

    /// The attributes the thinner read, found through the `_=N` markers it left.
    private let preparsed: PreparsedAttributes
    /// The last record taken: each is taken once, in order.
    private var lastRecord = -1

    init(context: htmlParserCtxtPtr, preparsed: PreparsedAttributes, pageSize: Int) {
        self.context = context
        self.preparsed = preparsed
        // Records point into the values, which lead the DOM's bytes; text follows them.
        dom.bytes = preparsed.values
        // Sized for the page (a node for every 8 bytes or so of thinned markup), within
        // reason for a hostile one.
        dom.bytes.reserveCapacity(preparsed.values.count + min(pageSize / 2, 1 << 22))
        dom.nodes.reserveCapacity(min(max(256, pageSize / 8), 1 << 16))
        dom.attributes.reserveCapacity(preparsed.attributes.count + 64)
        stack.reserveCapacity(64)
    }

    /// The state of the parse that `context` (libxml2's parser context) is running.
    static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<TreeState>? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: htmlParserCtxt.self)
        return parser.pointee._private?.assumingMemoryBound(to: TreeState.self)
    }

    mutating func finish() -> (dom: DOM, head: PageHead) {
        flushText()
        if dom.root == -1, !dom.nodes.isEmpty { dom.root = 0 }
        if dom.body == -1 { dom.body = dom.root }
        return (dom, head)
    }

    mutating func start(_ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        if stopped { return }
        if ignoredDepth > 0 {
            ignoredDepth += 1
            return
        }
        flushText()
        if stack.count >= TreeState.maximumDepth {
            xmlStopParser(context)
            stopped = true
            return
        }
        let tag = self.tag(name)
        let index = Int32(dom.nodes.count)
        var node = Node(tag: tag, payload: Int32(dom.attributes.count))
        readAttributes(attributes, into: &node)
        dom.nodes.append(node)
        dom.link(index, to: currentParent)
        stack.append(index)
        noteHeadElement(tag, index)
        switch tag {
        case .br: dom.lineBreaks.append(index)
        case .h1, .h2: dom.topHeadings.append(index)
        case .time: dom.times.append(index)
        default: break
        }
        if tag.isOpaque {
            ignoredDepth = 1
            let isJSONLD = tag == .script && dom.attributeBytes(index, .type).map(TreeState.namesJSONLD) ?? false
            capture = isJSONLD ? (.script, []) : nil
        } else if tag == .title, head.title == nil {
            capture = (.title, [])
        }
    }

    mutating func end() {
        if stopped { return }
        if ignoredDepth > 0 {
            ignoredDepth -= 1
            if ignoredDepth > 0 { return }
            if let captured = capture, captured.kind == .script {
                head.jsonLD.append(String(decoding: captured.text, as: UTF8.self))
            }
            capture = nil
            if !stack.isEmpty { stack.removeLast() }
            return
        }
        flushText()
        if let captured = capture, captured.kind == .title {
            head.title = String(decoding: captured.text, as: UTF8.self)
            capture = nil
        }
        if !stack.isEmpty { stack.removeLast() }
    }

    mutating func characters(_ text: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard !stopped, let text, length > 0 else { return }
        let chunk = UnsafeBufferPointer(start: text, count: Int(length))
        if capture != nil { capture?.text.append(contentsOf: chunk) }
        if ignoredDepth == 0, currentParent != -1 {
            if pendingStart == -1 { pendingStart = dom.bytes.count }
            dom.bytes.append(contentsOf: chunk)
        }
    }

    private mutating func flushText() {
        guard pendingStart != -1 else { return }
        let start = pendingStart
        pendingStart = -1
        var node = Node(tag: .text, payload: Int32(start), payloadCount: Int32(dom.bytes.count - start))
        dom.bytes.withUnsafeBufferPointer { all in
            CharacterCount.measure(UnsafeBufferPointer(rebasing: all[start...]), into: &node)
        }
        let index = Int32(dom.nodes.count)
        dom.nodes.append(node)
        dom.link(index, to: currentParent)
    }

    /// The open element; the root again for anything after it closed, so nothing is lost.
    private var currentParent: Int32 { stack.last ?? dom.root }

    private mutating func tag(_ name: UnsafePointer<xmlChar>?) -> ElementKind {
        guard let name else { return .other }
        // Names come from the parser's dictionary, so one pointer stands for one name.
        return names.value(for: UnsafeRawPointer(name)) { ElementKind(name: String(cString: name)) }
    }

    /// Keeps the attributes the extractor reads, their values as bytes, and what they hint.
    private mutating func readAttributes(_ list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, into node: inout Node) {
        guard let list else { return }
        var hints = ElementHintReader()
        defer {
            node.hints = hints.hints
            node.classWeight = hints.classWeight
        }
        if let record = preparsedRecord(list) {
            dom.attributes.append(contentsOf: record)
            node.payloadCount = Int32(record.count)
            dom.bytes.withUnsafeBufferPointer { bytes in
                for attribute in record {
                    hints.read(
                        attribute.name, UnsafeBufferPointer(rebasing: bytes[Int(attribute.start)..<Int(attribute.start + attribute.count)]))
                }
            }
            return
        }
        var cursor = list
        while let name = cursor.pointee {
            let value = cursor[1]
            cursor += 2
            let known = attributeNames.value(for: UnsafeRawPointer(name)) {
                AttributeName(html: String(cString: name))
            }
            guard let known else { continue }
            let buffer = UnsafeBufferPointer(start: value, count: value.map { strlen($0) } ?? 0)
            dom.attributes.append(Attribute(name: known, start: Int32(dom.bytes.count), count: Int32(buffer.count)))
            dom.bytes.append(contentsOf: buffer)
            node.payloadCount += 1
            hints.read(known, buffer)
        }
    }

    /// The record a `_=N` marker names, when it is the tag's only attribute.
    private mutating func preparsedRecord(_ list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>) -> ArraySlice<Attribute>? {
        guard let name = list[0], name[0] == UInt8(ascii: "_"), name[1] == 0, list[2] == nil, let value = list[1] else {
            return nil
        }
        var number = 0
        var cursor = value
        while cursor.pointee &- 0x30 < 10, number < Int32.max {
            number = number * 10 + Int(cursor.pointee - 0x30)
            cursor += 1
        }
        guard cursor.pointee == 0, number > lastRecord, number < preparsed.records.count else { return nil }
        lastRecord = number
        return preparsed.record(number)
    }

    private static func namesJSONLD(_ type: ArraySlice<UInt8>) -> Bool {
        type.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }.containsBytes(Array("ld+json".utf8))
    }

    private mutating func noteHeadElement(_ tag: ElementKind, _ index: Int32) {
        switch tag {
        case .html:
            if dom.root == -1 { dom.root = index }
            if head.language == nil { head.language = dom.attribute(index, .lang) ?? dom.attribute(index, .xmlLang) }
        case .body:
            if dom.body == -1 { dom.body = index }
        case .meta:
            head.metas.append(index)
        case .base:
            if head.baseHref == nil { head.baseHref = dom.attribute(index, .href) }
        default:
            break
        }
    }
}

extension DOM {
    /// Links a new node as the last child of `parent` (none for the root).
    mutating func link(_ index: Int32, to parent: Int32) {
        guard parent != -1 else { return }
        let last = self[parent].lastChild
        self[index].parent = parent
        self[index].previous = last
        if last != -1 { self[last].next = index } else { self[parent].firstChild = index }
        self[parent].lastChild = index
    }
}
