import Foundation

/// Best of `rounds` timings of `body`, in seconds.
func best(rounds: Int = 7, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return fastest
}

/// A reference every run measures: summing the bytes once, the floor of any parse.
func referenceRate(_ input: [UInt8]) -> Double {
    var sink = 0
    let seconds = best { for byte in input { sink &+= Int(byte) } }
    if sink == 42 { print("") }
    return Double(input.count) / seconds / 1e6
}

func report(_ name: String, bytes count: Int, seconds: Double, reference: Double) {
    let rate = Double(count) / seconds / 1e6
    print(
        name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(
                format: "%8.1f MB/s %8.2f ms   reference (byte sum) %8.1f MB/s   ratio %.4f", rate, seconds * 1000, reference,
                rate / reference))
}
