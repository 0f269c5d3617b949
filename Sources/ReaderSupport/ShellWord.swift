import Foundation

/// A word as a POSIX shell reads it back: as it is when it holds nothing the shell would act
/// on, else in single quotes. Commands `reader` prints for the user to run (`reader open
/// 'https://example.org/a b' --section 'Getting started'`) are copied and pasted.
package enum ShellWord {
    package static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/:._-+=@,%".unicodeScalars.contains(scalar))
            }
        guard !plain else { return word }
        // Scalar by scalar (a quote followed by a combining mark is one `Character`, and still a
        // quote to the shell), not through `replacingOccurrences`: `find` quotes a section title
        // per hit, and bridging to `NSString` costs a fresh process runtime type lookups.
        var quoted = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { quoted += #"'\''"# } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }
}
