import ArgumentParser

/// An option's name and whether it takes a value: what reading a command line needs of it.
protocol NamedOption: Sendable {
    /// The long name without its dashes (`cache-dir`).
    var name: String { get }
    var takesValue: Bool { get }
}

/// One option of a command, written once: its name, whether it takes a value, its default and
/// its help. The argument parser's commands declare their options from it
/// (`@Option(name: Self.format.parserName, help: …) var format = Self.format.defaultValue`) and
/// the fast paths (``QuickOpen``, ``QuickFind``) read the command line with the same table
/// (``QuickWords``), so a name or a default never differs between the two paths.
struct OptionSpec<Value: Sendable>: NamedOption {
    let name: String
    let takesValue: Bool
    let defaultValue: Value
    /// Written when the parser asks for it: `find --source`'s names the built-in modules, whose
    /// making a fast path reading `--limit` should not pay for.
    let help: @Sendable () -> String

    var long: String { "--" + name }
    var parserName: NameSpecification { .customLong(name) }
    var parserHelp: ArgumentHelp { ArgumentHelp(help()) }
}

extension OptionSpec {
    /// An option with a value (`--format json`).
    init(value name: String, default defaultValue: Value, help: @autoclosure @escaping @Sendable () -> String) {
        self.init(name: name, takesValue: true, defaultValue: defaultValue, help: help)
    }
}

extension OptionSpec where Value == Bool {
    /// A flag (`--offline`): off unless given.
    init(flag name: String, help: @autoclosure @escaping @Sendable () -> String) {
        self.init(name: name, takesValue: false, defaultValue: false, help: help)
    }
}

/// The words of a command line as a fast path reads them: its options (from the table it is
/// given) and the other words. Nil when anything is not for a fast path — an option not in
/// the table, `--name=value`, an option missing its value — so that the argument parser's path,
/// which gives the same output, answers it (and says what is wrong).
struct QuickWords {
    var values: [String: String] = [:]
    /// A few names at most, so an array: a `Set<String>` here was the first of its type in an
    /// `open`, whose runtime type lookup cost 3 % of the command.
    var flags: [String] = []
    var words: [String] = []

    /// `isOption`: whether a word not in the table is an option (the parser's) rather than a
    /// word of the command (for `find`, `-word` is a word; for `open`, every `-…` is an option).
    init?(_ arguments: ArraySlice<String>, options: [any NamedOption], isOption: (String) -> Bool) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word.hasPrefix("--"), let option = options.first(where: { "--" + $0.name == word }) {
                if option.takesValue {
                    index += 1
                    guard index < arguments.endIndex else { return nil }
                    values[option.name] = arguments[index]
                } else {
                    flags.append(option.name)
                }
            } else if isOption(word) {
                return nil
            } else {
                words.append(word)
            }
            index += 1
        }
    }

    func value<Value>(_ option: OptionSpec<Value>) -> String? { values[option.name] }
    func isSet(_ option: OptionSpec<Bool>) -> Bool { flags.contains(option.name) }
}
