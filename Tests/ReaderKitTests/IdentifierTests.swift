import Foundation
import ReaderBuiltins
import ReaderKit
import ReaderPluginAPI
import ReaderTestHarness
import ReaderTestSupport
import Testing

/// Shorthands as modules declare them (``ModuleDescriptor/identifiers``) and the engine reads
/// them, through the public API: `793`, `rfc 793`, `@jack`, mixed on one command line, an
/// ambiguous word refused, and a catalog key named back (`RFC 9293`, `reader open 9293`).
@Suite struct IdentifierTests {
    /// A module that reads bare numbers too, as a third-party "comic by number" module might:
    /// `793` then names two documents.
    struct NumberedModule: ParserModule {
        let descriptor = ModuleDescriptor(
            name: "numbered", requestTypes: ["numbered"], version: "1", summary: "Documents by number: a fixture.",
            identifiers: ["{number}", "no. {number}"].map {
                Identifier(pattern: $0, requestType: "numbered", key: "numbered/{number}", label: "No. {number}")
            })
        func parse(_ input: ParseInput) throws -> Document { Document(source: "numbered", key: input.key, title: "") }
        func locate(_ argument: String, settings: Settings) throws -> Location? {
            Location(key: "numbered/\(argument)", urls: ["https://numbered.example/\(argument)"])
        }
    }

    func reader(_ modules: [any ParserModule] = builtinModules) throws -> Reader {
        Reader(configuration: Configuration(storeRoot: try temporaryFolder("identifiers")), registry: Registry(modules: modules))
    }

    static let rfc793 = Request.source(type: "rfc", argument: "793")

    @Test func everyWayOfWritingAnRFCNumberOpensIt() throws {
        let reader = try reader()
        for words in [["793"], ["rfc 793"], ["RFC793"], ["rfc0793"], ["Rfc", "0793"], ["rfc", "793"], ["RFC  793"], ["rfc/793"]] {
            #expect(try reader.openRequests(words) == [Self.rfc793], "\(words)")
        }
        #expect(try reader.openRequests(["@jack"]) == [.source(type: "tweets", argument: "user:jack")])
        #expect(try reader.key(of: reader.openRequest("@jack")) == "tweets/user:jack")
        // Not shorthands: a word around a number, a name with a space.
        for word in ["rfc793x", "x793", "@", "@ja ck", "rfc"] {
            #expect(throws: ReaderError.self, "\(word)") { try reader.openRequest(word) }
        }
    }

    @Test func aWordTwoModulesReadIsRefusedNamingBoth() throws {
        let reader = try reader(builtinModules + [NumberedModule()])
        do {
            _ = try reader.openRequests(["793"])
            Issue.record("'793' was taken though two modules read it")
        } catch let error as ReaderError {
            #expect(error.exitCode == 64)
            #expect(
                error.description
                    == "'793' may name RFC 793 (rfc-text, key rfc/793) or No. 793 (numbered, key numbered/793): "
                    + "open one by its key, as 'reader open rfc/793'")
        }
        #expect(throws: ReaderError.self) { try reader.fetchTargets(["793"]) }
        // Written in full, each is one document; the keys open them too.
        #expect(try reader.openRequests(["rfc", "793", "no.", "793"]) == [Self.rfc793, .source(type: "numbered", argument: "793")])
        #expect(try reader.openRequests(["rfc/793", "numbered/793"]) == [Self.rfc793, .source(type: "numbered", argument: "793")])
        // After `rfc`, a number is its argument, not a word to resolve.
        #expect(try reader.fetchRequests(["rfc", "793", "794"]) == [Self.rfc793, .source(type: "rfc", argument: "794")])
        // The words offered for a key are ones that name it alone.
        #expect(reader.shorthand(ofKey: "rfc/793") == "rfc 793")
        #expect(reader.shorthand(ofKey: "numbered/793") == "no. 793")
    }

    @Test func aCommandLineMixesTargetsOfSeveralModules() throws {
        let reader = try reader()
        let fetch = try reader.fetchTargets(["rfc-index", "rfc", "793", "1-2", "@jack", "RFC9110", "https://Example.org/a#x", "8446"])
        #expect(
            fetch == [
                .requests([.source(type: "rfc-index", argument: "")]),
                .requests([Self.rfc793, .source(type: "rfc", argument: "1"), .source(type: "rfc", argument: "2")]),
                .requests([.source(type: "tweets", argument: "user:jack")]),
                .requests([.source(type: "rfc", argument: "9110")]),
                .requests([.url("https://example.org/a")]),
                .requests([.source(type: "rfc", argument: "8446")]),
            ])
        #expect(
            try reader.openRequests(["rfc-index", "rfc", "793", "@jack", "9110", "https://example.org/a"])
                == [
                    .source(type: "rfc-index", argument: ""), Self.rfc793, .source(type: "tweets", argument: "user:jack"),
                    .source(type: "rfc", argument: "9110"), .url("https://example.org/a"),
                ])
        // The index takes no argument: a number after it is still refused, saying how to write it.
        #expect(
            throws: ReaderError.usage(
                "'rfc-index' takes no argument, and '793' names no source: write the RFCs as 'reader fetch rfc-index rfc 793'")
        ) {
            try reader.fetchTargets(["rfc-index", "793"])
        }
    }

    @Test func aKeyIsNamedBackByItsModulesIdentifiers() throws {
        let reader = try reader()
        #expect(reader.label(ofKey: "rfc/9293") == "RFC 9293")
        #expect(reader.shorthand(ofKey: "rfc/9293") == "9293")
        #expect(reader.label(ofKey: "tweets/user:jack") == "@jack")
        #expect(reader.shorthand(ofKey: "tweets/user:jack") == "@jack")
        // Only the key a module gives: no label for what is not one, the key itself to open it.
        for key in ["rfc/0793", "rfc/", "rfc/793x", "tweets/search:swift", "https://example.org/rfc/793", "rfc-index"] {
            #expect(reader.label(ofKey: key) == nil, "\(key)")
            #expect(reader.shorthand(ofKey: key) == key, "\(key)")
        }
    }

    /// The template rule of ``Identifier``: the placeholder replaced wherever it stands, any other
    /// brace left as written.
    @Test func aTemplateIsFilledAtItsPlaceholderOnly() {
        #expect(Identifier.filling("rfc/{number}", with: "793") == "rfc/793")
        #expect(Identifier.filling("RFC {number} ({number})", with: "9293") == "RFC 9293 (9293)")
        #expect(Identifier.filling("@{name}", with: "jack") == "@jack")
        #expect(Identifier.filling("{x} {name", with: "v") == "{x} {name")
        #expect(Identifier.filling("", with: "v") == "")
        #expect(Identifier.filling("{{number}}", with: "7") == "{7}")
        #expect(Identifier.filling("{na{name}me}", with: "v") == "{navme}")
        // The argument a module is handed follows the pattern's placeholder unless it says.
        #expect(Identifier(pattern: "@{name}", requestType: "t", key: "t/{name}", label: "@{name}").argument == "{name}")
        #expect(Identifier(pattern: "rfc {number}", requestType: "t", key: "t/{number}", label: "{number}").argument == "{number}")
        #expect(Identifier(pattern: "x{nam}", requestType: "t", key: "t/{number}", label: "{number}").argument == "{number}")
    }

    /// A pattern with no placeholder, two, or one inside other braces names nothing: the
    /// engine ignores it rather than guess (a module's mistake, not a person's).
    @Test func aPatternWithoutExactlyOnePlaceholderReadsNothing() throws {
        let modules = ["{number}{number}", "rfc", "{{number}"].map { pattern in
            ModuleDescriptor(
                name: "odd", requestTypes: ["odd"], version: "1", summary: "A fixture.",
                identifiers: [Identifier(pattern: pattern, requestType: "odd", key: "odd/{number}", label: "Odd {number}")])
        }
        for descriptor in modules {
            struct Odd: ParserModule {
                let descriptor: ModuleDescriptor
                func parse(_ input: ParseInput) throws -> Document { Document(source: "odd", key: input.key, title: "") }
                func locate(_ argument: String, settings: Settings) throws -> Location? { nil }
            }
            let reader = try reader([Odd(descriptor: descriptor)])
            #expect((try? reader.openRequests(["77"])) != [.source(type: "odd", argument: "77")], "\(descriptor.identifiers)")
            #expect((try? reader.openRequests(["{77}"])) != [.source(type: "odd", argument: "77")], "\(descriptor.identifiers)")
        }
    }
}
