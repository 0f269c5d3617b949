import ReaderPluginAPI
import Testing
@testable import RFCIndex

@Suite struct RFCIndexModuleTests {
    @Test func servesItsRequestType() {
        #expect(RFCIndexModule().descriptor.requestTypes.contains("rfc-index"))
    }
}
