import ReaderKit
import ReaderPluginAPI

/// `/group?kind=bcp&number=14`: a group of the stored listing (``ListingGroup``: a subseries,
/// BCP 14) as a table of its members, in the listing's order, each a link when stored and a
/// fetch button when not; without `number`, every entry in a group of that kind (`list bcp`).
/// Its JSON is `list bcp 14 --json`'s array.
struct GroupPage {
    var kind: String
    var number: Int?

    static let numbers = 0...999_999_999

    func answer(_ context: PageContext, format: Answer.Format) throws -> Answer {
        guard let members = try context.reader.groupMembers(kind, number: number) else {
            throw ReaderError.notInStore(key: kind)
        }
        switch format {
        case .json:
            return .json(JSONRenderer.entries(members.members))
        case .html:
            let title = number == nil ? members.group.name : "\(members.label) (\(members.group.name))"
            return .html(
                context.layout(title).page { html in
                    html.element("h1", text: title)
                    let count = members.members.count + members.leftOut
                    html.element("p", [("class", "meta")], text: count == 1 ? "1 member" : "\(count) members")
                    IndexPage().writeTable(members.members, members.listing, context, into: &html)
                })
        }
    }

    /// The page of group `number` of `kind`.
    static func path(_ kind: String, _ number: Int) -> String { "/group?kind=" + QueryText.encode(kind) + "&number=\(number)" }
}
