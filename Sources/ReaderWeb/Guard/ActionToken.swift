import Foundation

/// The secret a form that changes the store must send back (`POST /fetch`): made once per
/// process, written only into this server's own pages. A page elsewhere cannot read it (the
/// browser's same-origin rule), so it cannot make the store fetch.
struct ActionToken: Sendable {
    let value: String

    init() {
        var generator = SystemRandomNumberGenerator()
        value = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }

    /// Compared in time that does not depend on where the first difference is.
    func matches(_ given: String?) -> Bool {
        guard let given else { return false }
        let a = Array(value.utf8)
        let b = Array(given.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
