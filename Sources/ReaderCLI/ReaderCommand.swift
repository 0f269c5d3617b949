import ArgumentParser
import ReaderKit

public struct ReaderCommand: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(commandName: "reader")
    public func run() async throws {}
}
