import ReaderPluginAPI

/// One fuzz input through a module the way the engine uses it: `recognize` on its start,
/// `parse` with a media type and charset chosen by its first byte, the document's plain text,
/// and, for short inputs, `expand` and `locate` of the input as request words.
/// Errors are fine; a crash, a hang or a memory blow-up is what libFuzzer reports.
func exercise(_ module: some ParserModule, _ data: UnsafePointer<UInt8>?, _ size: Int) {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let selector = Int(bytes.first ?? 0)
    let mediaTypes: [String?] = [nil, "text/plain", "text/html", "application/json", "application/xhtml+xml"]
    let charsets: [String?] = [nil, "utf-8", "iso-8859-1", "windows-1252", "utf-16", "shift_jis", "x-unknown"]
    let mediaType = mediaTypes[selector % mediaTypes.count]
    let charset = charsets[(selector / mediaTypes.count) % charsets.count]

    _ = module.recognize(Sample(prefix: bytes.prefix(4096), fileName: selector & 1 == 0 ? nil : "input.txt", mediaType: mediaType))
    let input = ParseInput(
        bytes: bytes, requestType: module.descriptor.requestTypes.first ?? "", key: "fuzz",
        url: "https://example.org/a/b/page.html", mediaType: mediaType, charset: charset)
    if let document = try? module.parse(input) { _ = document.plainText }
    if bytes.count <= 80, let text = String(validating: bytes, as: UTF8.self) {
        let words = text.split(separator: " ").map(String.init)
        _ = try? module.expand(words)
        _ = try? module.locate(text, settings: Settings(["READER_X_BEARER_TOKEN": "t", "READER_RFC_EDITOR_URL": "file:///srv/rfc"]))
    }
}
