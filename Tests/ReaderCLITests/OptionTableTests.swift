import ArgumentParser
import Testing

@testable import ReaderCLI

/// `open`'s and `find`'s options are written once (``OptionSpec``) and read by both paths:
/// every option of the table is known to the argument parser's command by its name, with its
/// default and help, and the fast path reads the same names; an option added to the table
/// reaches both.
@Suite struct OptionTableTests {
    /// A value each kind of option accepts.
    static func sample(_ option: any NamedOption) -> [String] {
        guard option.takesValue else { return ["--" + option.name] }
        let values = ["format": "json", "limit": "3", "jobs": "2", "timeout": "5", "remote": "s3://bucket/prefix"]
        return ["--" + option.name, values[option.name] ?? "/tmp/x"]
    }

    @Test func everyOptionOfTheTableReachesTheParserAndTheFastPath() throws {
        let open: [any NamedOption] = [OpenOptions.format, OpenOptions.section, OpenOptions.noPager, OpenOptions.toc] + CommonOptions.all
        for option in open {
            #expect(throws: Never.self, "open \(option.name)") { try Open.parse(["793"] + Self.sample(option)) }
        }
        let find: [any NamedOption] = [FindOptions.source, FindOptions.limit, FindOptions.json]
        for option in find + [CommonOptions.cacheDir, CommonOptions.offline, CommonOptions.verbose] {
            #expect(throws: Never.self, "find \(option.name)") { try Find.parse(["tcp"] + Self.sample(option)) }
        }
        // The fast paths read their options from the table: each one's value lands where the
        // table names it, the other words are the command's.
        for (table, command) in [(OpenOptions.quick, "open"), (FindOptions.quick, "find")] {
            for option in table {
                let line = try #require(
                    QuickWords(ArraySlice([command, "793"] + Self.sample(option)), options: table, isOption: { $0.hasPrefix("--") }))
                #expect(line.words == [command, "793"], "\(command) \(option.name)")
                if option.takesValue {
                    #expect(line.values[option.name] == Self.sample(option).last, "\(command) \(option.name)")
                } else {
                    #expect(line.flags == [option.name], "\(command) \(option.name)")
                }
            }
            // Not in the table: the parser's path answers.
            #expect(QuickWords([command, "793", "--toc-not-an-option"], options: table, isOption: { $0.hasPrefix("--") }) == nil)
            #expect(QuickWords([command, "--format"], options: table, isOption: { $0.hasPrefix("--") }) == nil)
        }
        // The common options are hoisted before the command by the same names.
        #expect(Set(CommandLineWords.commonOptions.keys) == Set(CommonOptions.all.map { "--" + $0.name }))
    }

    @Test func theDefaultsAndHelpAreTheTables() throws {
        let open = try Open.parse(["793"])
        #expect(open.format == OpenOptions.format.defaultValue)
        #expect(open.noPager == OpenOptions.noPager.defaultValue && open.toc == OpenOptions.toc.defaultValue)
        #expect(open.global.jobs == CommonOptions.jobs.defaultValue)
        let find = try Find.parse(["tcp"])
        #expect(find.limit == FindOptions.limit.defaultValue)
        #expect(find.json == FindOptions.json.defaultValue)
        let openHelp = Open.helpMessage(columns: 1000)
        for option in [OpenOptions.format.help, OpenOptions.section.help, OpenOptions.noPager.help, OpenOptions.toc.help] {
            #expect(openHelp.contains(option()), "\(openHelp)")
        }
        let findHelp = Find.helpMessage(columns: 1000)
        for option in [FindOptions.source.help, FindOptions.limit.help, FindOptions.json.help] {
            #expect(findHelp.contains(option()), "\(findHelp)")
        }
    }
}
