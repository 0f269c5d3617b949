import Foundation

/// Pictures the tests make (synthetic: the corpus pages were saved without theirs), and hostile
/// ones. Each is real enough for a browser to draw or a checker to read its header.
public enum SyntheticPictures {
    /// A real 48 × 32 PNG, a red rectangle.
    public static let png: [UInt8] = [UInt8](
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAMUlEQVR42u3OMQ0AAAgDsMmZfxXIwgXhaFIBzbSvREhISEhISEhISEhISEhISEjo0gJOoJBb0LA0hwAAAABJRU5ErkJggg=="
        ) ?? Data())

    /// The PNG with `tag` after its end: drawn the same, but other bytes (another blob), as
    /// the pictures of a page are.
    public static func png(_ tag: String) -> [UInt8] { png + Array(tag.utf8) }

    /// A PNG whose header declares `width` × `height` pixels (a decompression bomb's header:
    /// its few bytes would take gigabytes to draw).
    public static func pngDeclaring(width: UInt32, height: UInt32) -> [UInt8] {
        var bytes = png
        for (offset, value) in [(16, width), (20, height)] {
            for index in 0..<4 { bytes[offset + index] = UInt8((value >> (24 - 8 * UInt32(index))) & 0xFF) }
        }
        return bytes
    }

    /// An SVG with a script and an event handler.
    public static let svgWithScript = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)">
        <script>alert(document.cookie)</script><rect width="40" height="40"/></svg>
        """.utf8)

    /// An SVG that loads a picture and a style sheet from elsewhere.
    public static let svgWithExternalReferences = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
        <style>@import url(http://198.51.100.7/track.css);</style>
        <image xlink:href="http://198.51.100.7/track.png" width="40" height="40"/></svg>
        """.utf8)

    /// A harmless SVG.
    public static let svg = Array(
        """
        <?xml version="1.0"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="15" fill="teal"/></svg>
        """.utf8)

    /// `page`'s absolute and protocol-relative addresses moved to `base` + `/ext/HOST/…`, so
    /// that every picture of a saved page is asked of the test's loopback server, never of the
    /// network.
    public static func localized(_ page: [UInt8], base: String) -> [UInt8] {
        var text = String(decoding: page, as: UTF8.self)
        for scheme in ["https://", "http://", "HTTPS://", "HTTP://"] {
            text = text.replacingOccurrences(of: scheme, with: base + "/ext/")
        }
        for quote in ["\"", "'", "(", " ", ","] {
            text = text.replacingOccurrences(of: quote + "//", with: quote + base + "/ext/")
        }
        return Array(text.utf8)
    }

    /// The environment that sends whatever is not loopback to a closed port (a proxy that is
    /// not there): a test that missed an address fails instead of reaching the network; and
    /// that keeps pictures (which `ReaderBinary` turns off unless asked).
    public static let noNetwork: [String: String] = [
        "READER_PAGE_PICTURES": "100",
        "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9",
        "HTTPS_PROXY": "http://127.0.0.1:9", "no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost",
    ]
}
