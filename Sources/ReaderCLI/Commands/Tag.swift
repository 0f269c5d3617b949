import ArgumentParser
import ReaderKit

/// `reader tag KEY +TAG -TAG …`: a person's tags on a stored document.
struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Put tags on a stored document (+TAG) or take them off (-TAG); with none, show its tags.")

    @OptionGroup var global: StoreOptions

    @Argument(help: "The stored document (a shorthand, key or URL).")
    var key: String

    @Argument(parsing: .allUnrecognized, help: "+TAG puts a tag on, -TAG takes it off.")
    var changes: [String] = []

    func run() async throws {
        var adding: [String] = []
        var removing: [String] = []
        for change in changes {
            if change.hasPrefix("+") {
                adding.append(String(change.dropFirst()))
            } else if change.hasPrefix("-") {
                removing.append(String(change.dropFirst()))
            } else {
                throw ValidationError("'\(change.prefix(80))': write +TAG to put a tag on, -TAG to take it off")
            }
        }
        let reader = global.makeReader()
        let (key, tags) = try reader.tag(self.key, adding: adding, removing: removing)
        let label = reader.label(ofKey: key) ?? key
        Terminal.print(tags.isEmpty ? "\(label): no tags" : "\(label): " + tags.map { "#" + $0 }.joined(separator: " "))
    }
}

/// `reader mark KEY read|unread|starred|unstarred`.
struct MarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark", abstract: "Mark a stored document read, unread, starred or unstarred.")

    @OptionGroup var global: StoreOptions

    @Argument(help: "The stored document (a shorthand, key or URL).")
    var key: String

    @Argument(help: "read, unread, starred or unstarred.")
    var mark: String

    func run() async throws {
        let reader = global.makeReader()
        let (key, state) = try reader.mark(self.key, mark)
        let label = reader.label(ofKey: key) ?? key
        Terminal.print("\(label): \(state.read ? "read" : "unread")\(state.starred ? ", starred" : "")")
    }
}
