/// The first section a report's free-text `section` names: `B.1.` → `B.1`, `Appendix A` →
/// `A`, `Section 3.2 and 4.1` → `3.2`, `GLOBAL` and `Abstract` → nil.
enum SectionName {
    static func first(_ text: String) -> String? {
        let words = text.split(whereSeparator: { " ,;:()/&\t\n".contains($0) })
        var afterAppendix = false
        for word in words {
            let lowered = word.lowercased()
            if lowered == "appendix" || lowered == "annex" {
                afterAppendix = true
                continue
            }
            var candidate = Substring(word)
            if candidate.hasPrefix("§") { candidate = candidate.dropFirst() }
            while candidate.last == "." { candidate.removeLast() }
            if isNumber(candidate, letterFirst: afterAppendix || candidate.contains(".")) { return String(candidate) }
            afterAppendix = false
        }
        return nil
    }

    /// `3`, `3.2.1`, and with `letterFirst`, `A`, `B.1`.
    private static func isNumber(_ text: Substring, letterFirst: Bool) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let head = parts.first, !head.isEmpty, parts.count <= 8 else { return false }
        let headIsNumber = head.count <= 3 && head.allSatisfy { $0.isASCII && $0.isNumber }
        let headIsLetter = letterFirst && head.count == 1 && head.allSatisfy { $0.isASCII && $0.isUppercase }
        guard headIsNumber || headIsLetter else { return false }
        return parts.dropFirst().allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
