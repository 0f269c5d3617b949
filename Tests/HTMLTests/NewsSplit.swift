/// The news corpus cut in two halves once and for all, before any score was looked at: the
/// page ids sorted as text, the 1st, 3rd, 5th… page tuned on, the 2nd, 4th, 6th… held out.
/// Rules are tuned on the first half's misses; the second is only measured by its means,
/// to tell a general rule from one fitted to the pages at hand.
struct NewsSplit {
    var tuning: [String] = []
    var heldOut: [String] = []

    init(ids: [String]) {
        for (position, id) in ids.sorted().enumerated() {
            if position.isMultiple(of: 2) { tuning.append(String(id.prefix(10))) } else { heldOut.append(String(id.prefix(10))) }
        }
    }
}
