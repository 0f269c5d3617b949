import Foundation
import ReaderCatalog
import ReaderPluginAPI
import ReaderStore
import ReaderSupport

/// A group of a listing's documents (``ListingGroup``: `bcp 14`), its members read from the
/// stored listing in its order.
public struct GroupMembers: Sendable {
    public let listing: ListedKeys
    public let group: ListingGroup
    /// The group's number (`14`).
    public let number: Int
    /// The member entries, in the listing's order, at most ``ListingGroup/mostMembers``.
    public let members: [Entry]
    /// Members past ``ListingGroup/mostMembers``, counted and left out.
    public let leftOut: Int

    /// `BCP 14`.
    public var label: String { "\(group.mark) \(number)" }

    /// The request that opens each member (`rfc 2119`), as `open 2119` would.
    public var requests: [Request] { members.map { .source(type: listing.listing.describes, argument: $0.id) } }
}

/// What `reader open` is asked for: a document, or every member of a group.
public enum OpenTarget: Sendable {
    case request(Request)
    case group(GroupMembers)
}

extension Reader {
    /// The kind of group `word` names (`bcp`), in the listings declared, with its listing.
    public func listingGroup(_ word: String) -> (ListedKeys, ListingGroup)? {
        let lower = word.lowercased()
        for listing in declaredListings(plugins: false) {
            if let group = listing.groups.first(where: { $0.word.lowercased() == lower }) { return (listedKeys(listing), group) }
        }
        return nil
    }

    /// The group `word number` (`bcp`, `14`) or, `number` nil, every entry in some group of
    /// that kind (`list bcp`), from the stored listing; nil when `word` names no kind of group.
    /// Read one entry at a time, and at most ``ListingGroup/mostMembers`` kept.
    public func groupMembers(_ word: String, number: Int?) throws -> GroupMembers? {
        guard let (keys, group) = listingGroup(word) else { return nil }
        var members: [Entry] = []
        var leftOut = 0
        try forEachEntry(of: keys.listing) { entry in
            let numbers = group.numbers(of: entry)
            guard number.map(numbers.contains) ?? !numbers.isEmpty else { return true }
            if members.count < ListingGroup.mostMembers { members.append(entry) } else { leftOut += 1 }
            return true
        }
        return GroupMembers(listing: keys, group: group, number: number ?? 0, members: members, leftOut: leftOut)
    }

    /// The group a query names (`bcp 14`, `BCP14`, `bcp0014`), as its word and number.
    public func namedGroup(_ words: [String]) -> (word: String, number: Int)? {
        let words = words.flatMap { $0.split(separator: " ").map(String.init) }
        if words.count == 2, listingGroup(words[0]) != nil, words[1].count <= 9, let number = Int(words[1]), number >= 0 {
            return (words[0].lowercased(), number)
        }
        guard words.count == 1, let first = words.first else { return nil }
        let letters = first.prefix { $0.isLetter }
        guard let (_, group) = listingGroup(String(letters)), let number = group.number(in: group.mark + first.dropFirst(letters.count))
        else { return nil }
        return (group.word, number)
    }

    /// The targets of `reader open`, in order: a group written as its word and number
    /// (`bcp 14`) opens its members; every other word as ``openRequests(_:)`` reads it. A group
    /// with no member in the stored listing refuses the command line in one line.
    public func openTargets(_ words: [String]) throws -> [OpenTarget] {
        var targets: [OpenTarget] = []
        var pending: [String] = []
        var offset = 0
        while offset < words.count {
            let pair = offset + 1 < words.count ? [words[offset], words[offset + 1]] : []
            if let named = namedGroup(pair), !FileManager.default.fileExists(atPath: words[offset]) {
                targets += try openRequests(pending).map(OpenTarget.request)
                pending = []
                targets.append(.group(try openedGroup(named.word, named.number)))
                offset += 2
                continue
            }
            pending.append(words[offset])
            offset += 1
        }
        return targets + (try openRequests(pending).map(OpenTarget.request))
    }

    private func openedGroup(_ word: String, _ number: Int) throws -> GroupMembers {
        guard let members = try groupMembers(word, number: number) else {
            throw ReaderError.usage("'\(word)' names no kind of group")
        }
        guard !members.members.isEmpty else {
            throw ReaderError.usage(
                "\(members.label) has no \(members.listing.noun) in the stored \(members.listing.listing.name) "
                    + "(\(members.group.name)); 'reader list \(members.group.word)' lists those that are in one")
        }
        return members
    }
}

extension GroupMembers {
    /// `open bcp 14 --format json`: `{"group": "BCP 14", "name": "Best Current Practice",
    /// "leftOut": 0, "members": [{…}, {…}]}`, each member the object `open --format json` prints.
    public func json(members: [String]) -> String {
        let trimmed = members.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
        return "{\"group\":\(JSONValue.string(label).jsonText),\"name\":\(JSONValue.string(group.name).jsonText),"
            + "\"leftOut\":\(leftOut),\"members\":[\(trimmed.joined(separator: ","))]}"
    }
}
