/// A line that asks the reader to do something elsewhere — follow the site on a network,
/// subscribe to its newsletter, send a tip, listen live — states the site's copyright, or
/// says that its links are paid (an affiliate disclosure): what sites put around an article,
/// in the languages of the pages tested. An ask takes both an opening that asks and a
/// channel it names, so that prose starting "Follow…" stays.
enum CallToAction {
    static let maximumLength = 250

    static func matches(_ text: String) -> Bool {
        guard text.count <= maximumLength else { return false }
        let line = text.lowercased()
        if line.hasPrefix("copyright") || line.hasPrefix("©") || line.contains("all rights reserved") { return true }
        if disclosures.contains(where: { line.contains($0) }) { return true }
        guard openers.contains(where: { line.hasPrefix($0) }) else { return false }
        return channels.contains { line.contains($0) }
    }

    static let openers = [
        "follow ", "subscribe ", "sign up ", "join our ", "join us ", "listen to ", "get the latest ", "have a tip",
        "like us on ", "download our ", "download the ", "reach the reporter", "for more news", "click here",
        "folgen sie ", "abonnieren sie ", "suivez", "abonnez-vous", "síguenos", "suscríbete", "siga ", "inscreva-se",
        "segui ", "seguici", "iscriviti", "ikuti ", "volg ",
    ]
    static let channels = [
        "twitter", "facebook", "instagram", "youtube", "linkedin", "tiktok", "whatsapp", "telegram", "newsletter",
        "inbox", "email", "e-mail", "podcast", " app", "rss", "@", "http", " live ", "listen back",
    ]
    /// The notice a shop's or a blog's page puts over or under the text: the links earn it money.
    static let disclosures = [
        "may contain affiliate", "contains affiliate links", "may earn a commission", "may receive a commission",
        "earn a small commission",
    ]
}
