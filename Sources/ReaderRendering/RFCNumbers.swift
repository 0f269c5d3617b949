import ReaderPluginAPI

/// RFC numbers as documents and index entries carry them: the cited RFCs of a document's
/// `references`, an entry's `obsoletes` and `updatedBy`. Only the site's "RFCs cited" of a
/// document without `cites` relations reads it now (`RFCIndexKnowledge.cited`): the text view
/// lists relations (``RelationList``); it goes when that does.
public enum RFCNumbers {
    /// The RFC numbers of a JSON array (`[761, "RFC0791"]` alike).
    public static func `in`(_ value: JSONValue?) -> [Int] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { item in
            switch item {
            case .number(let number): return Int(number)
            case .string(let text): return Int(text.drop { !$0.isNumber })
            default: return nil
            }
        }
    }
}
