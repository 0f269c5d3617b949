import ReaderBuiltins
import ReaderPluginAPI
import Testing

@testable import ReaderCatalog
@testable import ReaderFetch
@testable import ReaderKit
@testable import ReaderRegistry
@testable import ReaderRemote
@testable import ReaderRendering
@testable import ReaderStore
@testable import ReaderSupport
@testable import ReaderWorkers

/// The one rule for catalog keys, and a third-party module held to it through the registry.
@Suite struct CatalogKeyTests {
    static let refused = [
        "a\u{0}b", "multi\nline", "\u{1B}]0;owned\u{7}", "evil\u{202E}txt", "zero\u{200B}width", "", String(repeating: "k", count: 5000),
        "../../../../etc/passwd", "/etc/passwd", "rfc//793", "rfc/./793", "tab\there", "nbsp\u{A0}here",
    ]

    @Test func theShapesTheModulesMakeAreKeys() {
        for key in [
            "rfc-index", "rfc/793", "tweets/search:swift", "tweets/user:jack", "https://example.org/a?b=c", "file:///mirror/rfc1.txt",
        ] {
            #expect(CatalogKey.problem(key) == nil, "\(key)")
        }
        #expect(CatalogKey.isValid("rfc/793", sources: ["rfc"]))
        #expect(CatalogKey.isValid("https://example.org/", sources: ["html"]))
    }

    @Test(arguments: refused) func aKeyThatBreaksTheRuleIsRefused(key: String) {
        #expect(CatalogKey.problem(key) != nil)
    }

    @Test func aNameKeyBeginsWithItsOwnSource() {
        #expect(CatalogKey.problem("rfc/793", sources: ["tweets"]) != nil)
        // A draft's key is its name as the IETF writes it: the source, a hyphen, the rest.
        #expect(CatalogKey.isValid("draft-ietf-quic-transport-34", sources: ["draft"]))
        #expect(CatalogKey.problem("draftsman-01", sources: ["draft"]) != nil)
        #expect(CatalogKey.problem("draft-ietf-quic-transport-34", sources: ["rfc"]) != nil)
        #expect(CatalogKey.source(of: "rfc/793") == "rfc")
        #expect(CatalogKey.source(of: "https://x.org/rfc/1") == nil)
    }

    @Test func thePrintableFormIsOneLineAndTellsKeysApart() {
        #expect(CatalogKey.printable("rfc/793") == "rfc/793")
        #expect(CatalogKey.printable("multi\nline") == #"multi\u{A}line"#)
        #expect(CatalogKey.printable("a\u{0}b") == #"a\u{0}b"#)
        #expect(CatalogKey.printable("") == #""""#)
        #expect(CatalogKey.printable("x\\\n") == #"x\\\u{A}"#)
        let forms = Self.refused.map(CatalogKey.printable)
        #expect(Set(forms).count == forms.count)
        for form in forms { #expect(form.unicodeScalars.allSatisfy { CatalogKey.isPrintable($0) }, "\(form)") }
    }

    @Test func aThirdPartyModuleMakingABadKeyIsRefused() throws {
        struct Loose: ParserModule {
            let descriptor = ModuleDescriptor(name: "loose", requestTypes: ["loose"], version: "1", summary: "")
            func parse(_ input: ParseInput) throws -> Document { Document(source: "loose", key: input.key, title: "") }
            func locate(_ argument: String, settings: Settings) throws -> Location? {
                Location(key: argument, urls: ["https://example.org/"])
            }
        }
        var registry = Registry(modules: builtinModules)
        registry.register(Loose(), origin: "/plugins/libloose.so")
        #expect(try registry.locate("loose", "loose/1", settings: Settings([:])).1.key == "loose/1")
        for key in Self.refused + ["rfc/793"] {
            #expect(throws: ReaderError.self, "\(key)") { try registry.locate("loose", key, settings: Settings([:])) }
        }
    }
}
