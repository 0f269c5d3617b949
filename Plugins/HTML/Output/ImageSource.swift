/// Where a picture comes from.
enum ImageSource {
    /// The width of the column a picture is read in: of the candidates a `srcset` offers, the
    /// smallest at least this wide (else the widest) is the one kept.
    static let columnWidth = 1000

    /// The picture's address: the best candidate of its `srcset` (or its `<picture>`'s
    /// `<source>`s) for a column of ``columnWidth`` pixels, else `src` or the attribute lazy
    /// loaders keep it in, else a `data:` URL; nil for icons, spacers and tracking pixels, which
    /// are drawn smaller than 32 pixels.
    static func url(of node: Int32, in dom: DOM) -> String? {
        for side in [dom.attribute(node, .width), dom.attribute(node, .height)] {
            if let pixels = side.flatMap({ Int($0.collapsingWhitespace().replacingPixels) }), pixels < 32 { return nil }
        }
        var sets: [String] = []
        // libxml2's HTML parser knows no `<source>` as empty: the `<img>` may be inside it.
        var parent = dom[node].parent
        if parent != -1, dom.tag(parent) == .source { parent = dom[parent].parent }
        if parent != -1, dom.tag(parent) == .picture {
            for source in dom.descendants(of: parent, tags: [.source]) {
                if let srcset = dom.attribute(source, .srcset) ?? dom.attribute(source, .dataSrcset) { sets.append(srcset) }
            }
        }
        if let srcset = dom.attribute(node, .dataSrcset) ?? dom.attribute(node, .srcset) { sets.append(srcset) }
        if let best = best(sets.flatMap(candidates)) { return best }
        let attributes = [
            dom.attribute(node, .dataSrc), dom.attribute(node, .dataLazySrc), dom.attribute(node, .dataOriginal),
            dom.attribute(node, .src),
        ]
        var inline: String?
        for candidate in attributes {
            guard let value = candidate?.collapsingWhitespace(), !value.isEmpty else { continue }
            // A `data:` URL is the picture itself: kept only when no address is given (a lazy
            // loader's placeholder stands in `src` beside the real address).
            if value.lowercased().hasPrefix("data:") {
                inline = inline ?? value
                continue
            }
            return value
        }
        return inline
    }

    /// A `srcset`'s candidates: each address with its width (`800w`) or density (`2x`; 1x
    /// when none is written).
    static func candidates(_ srcset: String) -> [(url: String, width: Int?, density: Double)] {
        srcset.split(separator: ",").compactMap { item in
            let words = item.split(whereSeparator: \.isWhitespace)
            guard let url = words.first, !url.lowercased().hasPrefix("data:") else { return nil }
            let descriptor = words.dropFirst().first.map(String.init) ?? ""
            if descriptor.hasSuffix("w"), let width = Int(descriptor.dropLast()) { return (String(url), width, 1) }
            if descriptor.hasSuffix("x"), let density = Double(descriptor.dropLast()) { return (String(url), nil, density) }
            return (String(url), nil, 1)
        }
    }

    /// The candidate for the column: by width, the smallest at least ``columnWidth`` wide,
    /// else the widest; by density alone, the densest up to 2x (a column of about 1,000 pixels
    /// is about 500 CSS pixels drawn twice), else the least dense.
    static func best(_ candidates: [(url: String, width: Int?, density: Double)]) -> String? {
        let sized = candidates.compactMap { candidate in candidate.width.map { (candidate.url, $0) } }
        if !sized.isEmpty {
            let wide = sized.filter { $0.1 >= columnWidth }.min { $0.1 < $1.1 }
            return (wide ?? sized.max { $0.1 < $1.1 })?.0
        }
        let dense = candidates.filter { $0.density <= 2 }.max { $0.density < $1.density }
        return (dense ?? candidates.min { $0.density < $1.density })?.url
    }
}

extension String {
    /// "32px" as "32".
    fileprivate var replacingPixels: String { hasSuffix("px") ? String(dropLast(2)) : self }
}
