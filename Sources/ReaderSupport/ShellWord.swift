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
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
