import Foundation
import ReaderPluginAPI

/// A post in the timeline: author and local time, wrapped text, a repost or quote indented,
/// then its media and links.
struct PostLayout {
    let options: RenderOptions
    let bold: (String, String)

    func lines(_ post: Post, indent: String) -> [String] {
        if let original = post.retweetOf {
            return ["\(indent)RT @\(post.author)\(time(post).map { " · \($0)" } ?? "")"] + lines(original, indent: indent + "  ")
        }
        // A response without the author (a v2 tweet fetched without its `author_id`
        // expansion) names the tweet instead of showing a bare "@".
        let who = post.author.isEmpty ? (post.id.isEmpty ? "a tweet" : "tweet \(post.id)") : "@\(post.author)"
        var out = ["\(indent)\(bold.0)\(who)\(bold.1)\(post.authorName.map { " (\($0))" } ?? "")\(time(post).map { " · \($0)" } ?? "")"]
        for paragraph in post.text.split(separator: "\n", omittingEmptySubsequences: false) {
            out += Wrap.lines(String(paragraph), width: options.width, first: indent, rest: indent)
        }
        if let quoted = post.quoted { out += lines(quoted, indent: indent + "  │ ") }
        for media in post.media { out.append("\(indent)[media] \(media)") }
        for link in post.links where !post.text.contains(link.url) { out.append("\(indent)[link] \(link.url)") }
        return out
    }

    private func time(_ post: Post) -> String? {
        guard let created = post.createdAt else { return nil }
        guard let date = ISO8601DateFormatter().date(from: created) else { return created }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = options.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm zzz"
        return formatter.string(from: date)
    }
}
