import CLibXML2
import ReaderPluginAPI

/// libxml2 2.9 sets up its shared tables on first use, which is not safe to race; Swift runs
/// this initializer exactly once, on first touch, whichever thread gets there first.
private let libxmlReady: Void = { xmlInitParser() }()

/// Runs `body` on the tree libxml2's HTML parser builds from `bytes` read as `encoding`; the
/// tree is freed when `body` returns, so nothing from it may escape except copied values.
func withParsedHTML<Result>(
    _ bytes: [UInt8], encoding: String, _ body: (xmlNodePtr?) throws -> Result
) throws -> Result {
    _ = libxmlReady
    guard bytes.count < Int(Int32.max) else {
        throw ParseError(module: "html", reason: "page too large (\(bytes.count) bytes)")
    }
    guard let context = htmlNewParserCtxt() else {
        throw ParseError(module: "html", reason: "could not start the HTML parser")
    }
    defer { htmlFreeParserCtxt(context) }
    // No NOBLANKS: its idea of ignorable white space drops spaces between inline elements.
    // The nesting limit (256) stays on: no HUGE flag, so hostile nesting stops the parse early.
    let options =
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
    let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
        return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
            encoding.withCString { name in
                htmlCtxtReadMemory(context, start, Int32(buffer.count), nil, name, Int32(bitPattern: options))
            }
        }
    }
    guard let document else { return try body(nil) }
    defer { xmlFreeDoc(document) }
    return try body(xmlDocGetRootElement(document))
}

/// Whether libxml2 (with iconv) can decode `name`.
func libxmlKnowsEncoding(_ name: String) -> Bool {
    _ = libxmlReady
    guard let handler = name.withCString({ xmlFindCharEncodingHandler($0) }) else { return false }
    xmlCharEncCloseFunc(handler)
    return true
}

/// Attribute access straight on libxml2's nodes, without the copies `xmlGetProp` makes.
enum XMLAttributes {
    /// The value of attribute `name` (lowercase), or nil when absent; "" for a bare attribute.
    static func value(_ node: xmlNodePtr?, _ name: StaticString) -> String? {
        guard let found = raw(node, name) else { return nil }
        guard let text = found else { return "" }
        return String(cString: text)
    }

    static func has(_ node: xmlNodePtr?, _ name: StaticString) -> Bool { raw(node, name) != nil }

    /// The lowercased bytes of an attribute value, for keyword matching.
    static func lowercasedBytes(_ node: xmlNodePtr?, _ name: StaticString) -> [UInt8] {
        guard let found = raw(node, name), let text = found else { return [] }
        var result: [UInt8] = []
        var cursor = text
        while cursor.pointee != 0 {
            let byte = cursor.pointee
            result.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
            cursor += 1
        }
        return result
    }

    /// Finds the attribute: the outer optional says whether it exists, the inner one holds its
    /// text (nil for an attribute written without a value).
    private static func raw(_ node: xmlNodePtr?, _ name: StaticString) -> UnsafePointer<xmlChar>?? {
        guard let node, node.pointee.type == XML_ELEMENT_NODE else { return nil }
        var attribute = node.pointee.properties
        while let current = attribute {
            if let attributeName = current.pointee.name, equals(attributeName, name) {
                guard let child = current.pointee.children, let content = child.pointee.content else {
                    return .some(nil)
                }
                return .some(UnsafePointer(content))
            }
            attribute = current.pointee.next
        }
        return nil
    }

    private static func equals(_ cString: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        let bytes = name.utf8Start
        for offset in 0..<count where cString[offset] != bytes[offset] { return false }
        return cString[count] == 0
    }
}

/// The text of a libxml2 text node.
func xmlText(_ node: xmlNodePtr?) -> String {
    guard let node, let content = node.pointee.content else { return "" }
    return String(cString: content)
}
