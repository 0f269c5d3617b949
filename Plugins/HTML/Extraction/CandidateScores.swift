/// The scores of candidate elements, by node index: the scoring pass reads and adds to them
/// thousands of times per page, which an array does without hashing.
struct CandidateScores {
    private var values: [Double]
    private var scored: [Bool]

    init(nodeCount: Int) {
        values = Array(repeating: 0, count: nodeCount)
        scored = Array(repeating: false, count: nodeCount)
    }

    /// The node's score, nil when it has none.
    subscript(_ node: Int32) -> Double? {
        get {
            let index = Int(node)
            return index >= 0 && index < scored.count && scored[index] ? values[index] : nil
        }
        set {
            let index = Int(node)
            guard index >= 0 else { return }
            if index >= scored.count {
                values += Array(repeating: 0, count: index + 1 - values.count)
                scored += Array(repeating: false, count: index + 1 - scored.count)
            }
            scored[index] = newValue != nil
            values[index] = newValue ?? 0
        }
    }
}
