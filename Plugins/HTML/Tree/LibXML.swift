internal import CLibXML2
import ReaderPluginAPI

/// libxml2 2.9 sets up its shared tables on first use, which is not safe to race; Swift runs
/// this initializer exactly once, on first touch, whichever thread gets there first.
private let libxmlReady: Void = { xmlInitParser() }()

/// Parses `bytes` read as `encoding` with libxml2's HTML parser, straight into a ``DOM``
/// through SAX callbacks: libxml2 builds no tree of its own, and nothing of it outlives the call.
/// `attributes` are those ``MarkupThinner`` took out of the tags of `bytes`.
func parseHTML(
    _ bytes: [UInt8], encoding: String, attributes: PreparsedAttributes = PreparsedAttributes()
) throws
    -> (dom: DOM, head: PageHead)
{
    _ = libxmlReady
    guard bytes.count < Int(Int32.max) else {
        throw ParseError(module: "html", reason: "page too large (\(bytes.count) bytes)")
    }
    guard let context = htmlNewParserCtxt() else {
        throw ParseError(module: "html", reason: "could not start the HTML parser")
    }
    defer { htmlFreeParserCtxt(context) }
    // The parse's state lives at a fixed address that the callbacks find through the context:
    // no reference counting and no exclusivity checks on the hot path.
    let state = UnsafeMutablePointer<TreeState>.allocate(capacity: 1)
    state.initialize(to: TreeState(context: context, preparsed: attributes, pageSize: bytes.count))
    defer {
        state.deinitialize(count: 1)
        state.deallocate()
    }
    if let sax = context.pointee.sax {
        // The context owns its own copy of the handler table, so this changes nothing global.
        sax.pointee.startDocument = nil
        sax.pointee.endDocument = nil
        sax.pointee.internalSubset = nil
        sax.pointee.externalSubset = nil
        sax.pointee.comment = nil
        sax.pointee.processingInstruction = nil
        sax.pointee.reference = nil
        sax.pointee.startElement = { context, name, attributes in
            TreeState.from(context)?.pointee.start(name, attributes)
        }
        sax.pointee.endElement = { context, name in
            TreeState.from(context)?.pointee.end()
        }
        sax.pointee.characters = { context, text, length in
            TreeState.from(context)?.pointee.characters(text, length)
        }
        sax.pointee.ignorableWhitespace = sax.pointee.characters
        sax.pointee.cdataBlock = sax.pointee.characters
    }
    context.pointee._private = UnsafeMutableRawPointer(state)
    // NOERROR does not reach the encoding layer, which reports a bad byte through libxml2's
    // per-thread error handler, by default straight to stderr: a message not ours, not one line.
    xmlSetStructuredErrorFunc(nil) { _, _ in }
    // No NOBLANKS: its idea of ignorable white space drops spaces between inline elements.
    let options =
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
    let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
        return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
            encoding.withCString { name in
                htmlCtxtReadMemory(context, start, Int32(buffer.count), nil, name, Int32(bitPattern: options))
            }
        }
    }
    // With the tree-building callbacks gone there is no document, but free one if there is.
    if let document { xmlFreeDoc(document) }
    return state.pointee.finish()
}

/// Whether libxml2 (with iconv) can decode `name`.
func libxmlKnowsEncoding(_ name: String) -> Bool {
    _ = libxmlReady
    guard let handler = name.withCString({ xmlFindCharEncodingHandler($0) }) else { return false }
    xmlCharEncCloseFunc(handler)
    return true
}

/// The code point of an HTML 4 entity (`amp`, `nbsp`…), from libxml2's own table.
func libxmlEntityValue(_ name: [UInt8]) -> UInt32? {
    _ = libxmlReady
    let terminated = name + [0]
    return terminated.withUnsafeBufferPointer { buffer in
        htmlEntityLookup(buffer.baseAddress).map { UInt32($0.pointee.value) }
    }
}
