import Foundation

/// Takes the secrets `reader` holds out of a line before it reaches stderr, in every form a
/// server or a library may echo them back in, not only verbatim: in another case (a token
/// lower-cased by a proxy), base64 or base64url (inside a `Basic` header, a JWT-like blob, at
/// any alignment), percent-encoded (in a URL), and cut short (`AAAA-secret-bea…`): any run of at
/// least ``fragment`` characters of one of these forms is replaced with `[redacted]`.
struct SecretRedaction {
    /// The shortest piece of a secret's form that is redacted on its own: long enough that no
    /// ordinary text repeats it by chance, short enough that a cut secret says too little.
    static let fragment = 10

    /// Every form of every secret, ASCII lower-cased (the match ignores case).
    private let forms: [[UInt8]]
    /// Every `fragment`-byte window of the forms at least that long.
    private let windows: Set<[UInt8]>

    init(_ secrets: [String]) {
        var forms: [[UInt8]] = []
        for secret in secrets where !secret.isEmpty {
            let bytes = Array(secret.utf8)
            forms.append(bytes)
            for encoded in [
                secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics),
                secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed),
            ] {
                if let encoded { forms.append(Array(encoded.utf8)) }
            }
            forms += Self.base64Cores(bytes)
        }
        self.forms = forms.map { $0.map(Self.lowered) }.filter { !$0.isEmpty }
        var windows = Set<[UInt8]>()
        for form in self.forms where form.count >= Self.fragment {
            for start in 0...(form.count - Self.fragment) { windows.insert(Array(form[start..<(start + Self.fragment)])) }
        }
        self.windows = windows
    }

    /// `text` with every piece of a secret replaced.
    func redact(_ text: String) -> String {
        guard !forms.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let lowered = bytes.map(Self.lowered)
        var covered = [Bool](repeating: false, count: bytes.count)
        var any = false
        // Whole forms shorter than a fragment (a secret of 8 or 9 characters).
        for form in forms where form.count < Self.fragment && form.count <= lowered.count {
            for start in 0...(lowered.count - form.count) where lowered[start..<(start + form.count)].elementsEqual(form) {
                for index in start..<(start + form.count) { covered[index] = true }
                any = true
            }
        }
        if lowered.count >= Self.fragment {
            for start in 0...(lowered.count - Self.fragment) where windows.contains(Array(lowered[start..<(start + Self.fragment)])) {
                for index in start..<(start + Self.fragment) { covered[index] = true }
                any = true
            }
        }
        guard any else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if covered[index] {
                while index < bytes.count && covered[index] { index += 1 }
                out += Array("[redacted]".utf8)
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The base64 and base64url characters that stand for `bytes` wherever they fall in a
    /// longer encoded text: encoded after 0, 1 and 2 bytes of something else, without the
    /// characters that also depend on the bytes around (the first and last group of four).
    private static func base64Cores(_ bytes: [UInt8]) -> [[UInt8]] {
        var cores: [[UInt8]] = []
        for shift in 0..<3 {
            let encoded = Data([UInt8](repeating: 0, count: shift) + bytes).base64EncodedString()
            var core = Array(encoded.utf8.filter { $0 != UInt8(ascii: "=") })
            if shift > 0 { core = Array(core.dropFirst(4)) }
            if bytes.count % 3 != 0 || shift > 0 { core = Array(core.dropLast(4)) }
            guard core.count >= fragment else { continue }
            cores.append(core)
            cores.append(core.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 })
        }
        return cores
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
