import CLibXML2

/// What the page says about itself outside its body text, gathered while the tree is copied.
struct PageHead {
    var metas: [xmlNodePtr] = []
    var jsonLD: [String] = []
    var title: String?
    var baseHref: String?
    var language: String?
}

extension DOM {
    /// Copies libxml2's tree under `root` (the `html` element): elements and text, without
    /// comments and without the insides of scripts, styles and other non-text elements.
    init(copying top: xmlNodePtr, head: inout PageHead) {
        var names: [UnsafeRawPointer: Tag] = [:]
        var stack: [(xml: xmlNodePtr, index: Int32)] = []
        var current = top
        nodes.reserveCapacity(1024)
        walk: while true {
            let parent = stack.last?.index ?? -1
            var index: Int32 = -1
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                let tag = DOM.tag(of: current, cache: &names)
                index = addElement(tag, current, parent: parent, head: &head)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if parent != -1 { index = addText(current, parent: parent) }
            default:
                break
            }
            if index != -1, tag(index) != .text, !tag(index).isOpaque, let child = current.pointee.children {
                stack.append((current, index))
                current = child
                continue
            }
            while true {
                if stack.isEmpty { break walk }
                if let next = current.pointee.next {
                    current = next
                    continue walk
                }
                current = stack.removeLast().xml
            }
        }
        if root == -1, !nodes.isEmpty { root = 0 }
        if body == -1 { body = root }
    }

    private static func tag(of node: xmlNodePtr, cache: inout [UnsafeRawPointer: Tag]) -> Tag {
        guard let name = node.pointee.name else { return .other }
        // Element names come from the parser's dictionary, so one pointer stands for one name.
        let key = UnsafeRawPointer(name)
        if let known = cache[key] { return known }
        let tag = Tag(name: String(cString: name))
        cache[key] = tag
        return tag
    }

    private mutating func addElement(_ tag: Tag, _ xml: xmlNodePtr, parent: Int32, head: inout PageHead) -> Int32 {
        var node = Node(tag: tag, xml: xml)
        node.className = XMLAttributes.lowercasedBytes(xml, "class")
        node.id = XMLAttributes.lowercasedBytes(xml, "id")
        let index = link(node, parent: parent)
        switch tag {
        case .html:
            if root == -1 { root = index }
            if head.language == nil { head.language = XMLAttributes.value(xml, "lang") ?? XMLAttributes.value(xml, "xml:lang") }
        case .body:
            if body == -1 { body = index }
        case .meta:
            head.metas.append(xml)
        case .title:
            if head.title == nil { head.title = DOM.textOfChildren(xml) }
        case .base:
            if head.baseHref == nil { head.baseHref = XMLAttributes.value(xml, "href") }
        case .script:
            if let type = XMLAttributes.value(xml, "type"), type.lowercased().contains("ld+json") {
                head.jsonLD.append(DOM.textOfChildren(xml))
            }
        default:
            break
        }
        return index
    }

    private mutating func addText(_ xml: xmlNodePtr, parent: Int32) -> Int32 {
        var node = Node(tag: .text, xml: xml)
        if let content = xml.pointee.content {
            TextMeasure.measure(content, into: &node)
        }
        return link(node, parent: parent)
    }

    private mutating func link(_ node: Node, parent: Int32) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(node)
        if parent != -1 {
            let last = self[parent].lastChild
            self[index].parent = parent
            self[index].previous = last
            if last != -1 { self[last].next = index } else { self[parent].firstChild = index }
            self[parent].lastChild = index
        }
        return index
    }

    /// The concatenated text of an element's direct text children (titles, scripts).
    static func textOfChildren(_ xml: xmlNodePtr) -> String {
        var result = ""
        var child = xml.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE {
                result += xmlText(current)
            }
            child = current.pointee.next
        }
        return result
    }
}

/// Character counts of text, as Readability measures it (white-space runs count once).
enum TextMeasure {
    static func measure(_ text: UnsafePointer<UInt8>, into node: inout Node) {
        var length: Int32 = 0
        var commas: Int32 = 0
        var inSpace = false
        var blank = true
        var cursor = text
        while true {
            let byte = cursor.pointee
            if byte == 0 { break }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
                || (byte == 0xC2 && cursor[1] == 0xA0)
            {
                if !inSpace { length += 1 }
                inSpace = true
                cursor += byte == 0xC2 ? 2 : 1
                continue
            }
            inSpace = false
            blank = false
            if byte & 0xC0 != 0x80 { length += 1 }
            if byte == 0x2C
                || (byte == 0xEF && cursor[1] == 0xBC && cursor[2] == 0x8C)  // ，
                || (byte == 0xD8 && cursor[1] == 0x8C)  // ،
            {
                commas += 1
            }
            cursor += 1
        }
        node.length = length
        node.commas = commas
        node.blank = blank
    }
}
