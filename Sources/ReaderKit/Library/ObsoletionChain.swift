/// Every RFC that obsoletes RFC N, directly or through others (2616 is obsoleted by 7230,
/// which 9110 obsoletes: both are newer than 2616), looked up once each.
final class ObsoletionChain {
    private let lookup: (Int) -> [Int]
    private var direct: [Int: [Int]] = [:]

    init(lookup: @escaping (Int) -> [Int]) {
        self.lookup = lookup
    }

    func newer(than number: Int) -> Set<Int> {
        var found = Set<Int>()
        var pending = [number]
        // The series has chains of a few steps; the bound only guards against a bad index.
        while let next = pending.popLast(), found.count < 256 {
            let successors = direct[next] ?? lookup(next)
            direct[next] = successors
            for successor in successors where successor != number && found.insert(successor).inserted { pending.append(successor) }
        }
        return found
    }
}
