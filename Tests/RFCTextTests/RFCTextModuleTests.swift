import ReaderPluginAPI
import Testing
@testable import RFCText

@Suite struct RFCTextModuleTests {
    @Test func servesItsRequestType() {
        #expect(RFCTextModule().descriptor.requestTypes.contains("rfc"))
    }
}
