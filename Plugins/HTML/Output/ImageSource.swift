/// Where a picture comes from.
enum ImageSource {
    /// The picture's address: `src`, or the attribute lazy loaders keep it in; nil for icons,
    /// spacers and tracking pixels, which are drawn smaller than 32 pixels.
    static func url(of node: Int32, in dom: DOM) -> String? {
        for side in [dom.attribute(node, .width), dom.attribute(node, .height)] {
            if let pixels = side.flatMap({ Int($0.collapsingWhitespace().replacingPixels) }), pixels < 32 { return nil }
        }
        let candidates = [
            dom.attribute(node, .dataSrc), dom.attribute(node, .dataLazySrc), dom.attribute(node, .dataOriginal),
            dom.attribute(node, .src),
        ]
        for candidate in candidates {
            if let value = candidate?.collapsingWhitespace(), !value.isEmpty, !value.hasPrefix("data:") { return value }
        }
        if let srcset = dom.attribute(node, .srcset) ?? dom.attribute(node, .dataSrcset),
            let first = srcset.split(separator: ",").first?.split(separator: " ").first
        {
            return String(first)
        }
        return nil
    }
}

extension String {
    /// "32px" as "32".
    fileprivate var replacingPixels: String { hasSuffix("px") ? String(dropLast(2)) : self }
}
