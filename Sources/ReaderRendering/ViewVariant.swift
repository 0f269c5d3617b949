import Crypto
import ReaderSupport

/// The name of a kept view (`views/<document blob>/<variant>`, `Store/ViewCache.swift`): one
/// set of render options for one version of the renderers. It is made here, beside the
/// renderers, because only they know when their output changes.
extension RenderOptions {
    /// Bump when the renderers' output changes, so that no view made by older code is used.
    static let rendererRevision = 6

    /// The view name of these options.
    package var viewVariant: String {
        let description = [
            ReaderVersion.current, String(Self.rendererRevision), format.rawValue, String(width), String(styled),
            section ?? "", zoneName, annotations.rawValue,
        ].joined(separator: "\u{1}")
        return SHA256.hash(data: Array(description.utf8)).prefix(12).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 2 ? digits : "0" + digits
        }.joined()
    }
}
