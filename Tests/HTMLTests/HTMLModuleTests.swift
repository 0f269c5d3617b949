import ReaderPluginAPI
import Testing
@testable import HTML

@Suite struct HTMLModuleTests {
    @Test func servesItsRequestType() {
        #expect(HTMLModule().descriptor.requestTypes.contains("html"))
    }
}
