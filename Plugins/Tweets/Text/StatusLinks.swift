/// Recognizes the links that stand for something shown apart from the text.
enum StatusLinks {
    /// Whether `url` is the permalink of tweet `id` (`https://twitter.com/user/status/ID`,
    /// `x.com`, query and fragment ignored): the link a quote tweet carries for its quote.
    static func isPermalink(_ url: String, to id: String) -> Bool {
        guard !id.isEmpty else { return false }
        let path = url.split(whereSeparator: { $0 == "?" || $0 == "#" }).first ?? ""
        var components = path.split(separator: "/")
        if components.last?.isEmpty == true { components.removeLast() }
        guard components.count >= 2, components[components.count - 1] == id else { return false }
        let marker = components[components.count - 2]
        return marker == "status" || marker == "statuses"
    }

    /// Whether `url` is the page of a photo or video of tweet `id`
    /// (`https://twitter.com/user/status/ID/photo/1`): a media link in v2, which has no media
    /// entities of its own.
    static func isMediaPage(_ url: String, of id: String) -> Bool {
        guard !id.isEmpty else { return false }
        let components = url.split(separator: "/")
        guard components.count >= 4 else { return false }
        let tail = components.suffix(4)
        let parts = Array(tail)
        return (parts[0] == "status" || parts[0] == "statuses") && parts[1] == id
            && (parts[2] == "photo" || parts[2] == "video")
    }

    /// The screen name in a link to one of tweet `id`'s own pages, such as
    /// `https://x.com/NAME/status/ID/photo/1`: the archive's only trace of its owner's name.
    static func owner(of id: String, in url: String) -> String? {
        let components = url.split(separator: "/")
        guard let status = components.firstIndex(where: { $0 == "status" }), status >= 1,
            status + 1 < components.count, components[status + 1] == id
        else { return nil }
        let name = components[status - 1]
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            return nil
        }
        return String(name)
    }
}
