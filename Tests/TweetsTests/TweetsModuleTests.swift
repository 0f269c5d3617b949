import ReaderPluginAPI
import Testing
@testable import Tweets

@Suite struct TweetsModuleTests {
    @Test func servesItsRequestType() {
        #expect(TweetsModule().descriptor.requestTypes.contains("tweets"))
    }
}
