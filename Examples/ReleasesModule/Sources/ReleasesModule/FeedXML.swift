import Foundation
import ReaderPluginAPI

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of the feed's XML, with its local name (namespace prefixes dropped).
final class Node {
    let name: String
    let namespace: String?
    let attributes: [String: String]
    var children: [Node] = []
    /// All the text inside the element, its children's included.
    var text = ""

    init(name: String, namespace: String?, attributes: [String: String]) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
    }

    func child(_ name: String) -> Node? { children.first { $0.name == name } }
    func children(_ name: String) -> [Node] { children.filter { $0.name == name } }

    /// The trimmed text of the child `name`, nil when absent or empty.
    func value(_ name: String) -> String? {
        guard let text = child(name)?.text.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}

enum FeedXML {
    /// The whole document as a tree, with Foundation's XMLParser (no external entities).
    static func parse(_ bytes: [UInt8], module: String) throws -> Node {
        guard !bytes.isEmpty else { throw ParseError(module: module, reason: "the feed is empty (0 bytes)") }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            let reason = parser.parserError.map { "not well-formed XML (\($0.localizedDescription))" } ?? "not well-formed XML"
            throw ParseError(module: module, location: "line \(parser.lineNumber)", reason: reason)
        }
        // A download cut short can end inside an element without the parser minding.
        if let open = builder.openElement {
            throw ParseError(module: module, location: "line \(parser.lineNumber)", reason: "not well-formed XML: it ends inside <\(open)>")
        }
        return root
    }

    /// The name of the first element, past the XML declaration, comments and a doctype;
    /// nil when the bytes are not markup.
    static func rootName(_ bytes: ArraySlice<UInt8>) -> String? {
        var rest = bytes
        while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
            guard rest[..<open].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return nil }
            let after = rest.index(after: open)
            guard after < rest.endIndex else { return nil }
            if rest[after] == UInt8(ascii: "?") || rest[after] == UInt8(ascii: "!") {
                guard let close = rest[after...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                rest = rest[rest.index(after: close)...]
                continue
            }
            let name = rest[after...].prefix {
                $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/")
            }
            let text = String(decoding: name, as: UTF8.self).lowercased()
            return text.split(separator: ":").last.map(String.init) ?? text
        }
        return nil
    }
}

/// Builds the tree as the parser reports elements and text.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: Node?
    private var stack: [Node] = []

    /// The innermost element still open when the input ended, if any.
    var openElement: String? { stack.last?.name }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        let node = Node(name: elementName, namespace: namespaceURI, attributes: attributeDict)
        if let parent = stack.last { parent.children.append(node) } else if root == nil { root = node }
        // An element inside text (XHTML content) separates words.
        for open in stack { open.text += " " }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        _ = stack.popLast()
    }

    // Every open element gets the text, so that an element's text is all the text inside it.
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for open in stack { open.text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        let string = String(decoding: CDATABlock, as: UTF8.self)
        for open in stack { open.text += string }
    }
}
