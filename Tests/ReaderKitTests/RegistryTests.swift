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

@Suite struct RegistryTests {
    let registry = Registry(modules: builtinModules)

    @Test func everyBuiltInRequestTypeHasItsModule() {
        #expect(registry.module(for: "rfc-index")?.descriptor.name == "rfc-index")
        #expect(registry.module(for: "rfc")?.descriptor.name == "rfc-text")
        #expect(registry.module(for: "tweets")?.descriptor.name == "tweets")
        #expect(registry.module(for: "html")?.descriptor.name == "html")
        #expect(registry.module(for: "gopher") == nil)
    }

    @Test func theMostSpecificURLPatternWins() {
        #expect(URLPattern.match("https://*", "https://example.org/a") == 8)
        #expect(URLPattern.match("*/rfc/rfc*.txt", "https://www.rfc-editor.org/rfc/rfc793.txt") == 12)
        #expect(URLPattern.match("*/rfc/rfc*.txt", "https://www.rfc-editor.org/rfc/rfc793.html") == nil)
        #expect(URLPattern.match("https://a.org/x", "https://a.org/xy") == nil)
    }

    @Test func aBuiltInModuleKeepsItsRequestTypeOverALaterOne() {
        struct Impostor: ParserModule {
            let descriptor = ModuleDescriptor(name: "impostor", requestTypes: ["rfc"], version: "9", summary: "")
            func parse(_ input: ParseInput) throws -> Document { Document(source: "rfc", key: input.key, title: "") }
        }
        var registry = Registry(modules: builtinModules)
        registry.register(Impostor(), origin: "/plugins/impostor.so")
        #expect(registry.module(for: "rfc")?.descriptor.name == "rfc-text")
        #expect(registry.registrations.last?.origin == "/plugins/impostor.so")
    }
}
