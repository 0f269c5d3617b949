/// Every document that supersedes one, directly or through others (2616 is obsoleted by 7230,
/// which 9110 obsoletes: both are newer than 2616), by the relation kinds that `supersede`
/// (``RelationKind/supersedes``), looked up once each.
final class SupersessionChain {
    private let lookup: (String) -> [String]
    private var direct: [String: [String]] = [:]

    init(lookup: @escaping (String) -> [String]) {
        self.lookup = lookup
    }

    /// The keys of the documents that supersede `key`'s, directly or not.
    func newer(than key: String) -> Set<String> {
        var found = Set<String>()
        var pending = [key]
        // Chains have a few steps; the bound only guards against a crafted or looping index.
        while let next = pending.popLast(), found.count < 256 {
            let successors = direct[next] ?? lookup(next)
            direct[next] = successors
            for successor in successors where successor != key && found.insert(successor).inserted { pending.append(successor) }
        }
        return found
    }
}
