import ReaderTestSupport
import Testing

@testable import Tweets

/// twitter-text's own extraction tests give entity indices over text with CJK, Arabic,
/// directional marks and astral characters: the slicing the module applies to entities must
/// find exactly the expected URL, mention, hashtag or cashtag at each.
@Suite struct ConformanceTests {
    static func cases(_ section: String) throws -> [ConformanceCase] {
        let yaml = try Corpus.text("twitter/twitter_text_conformance_extract.yml")
        return ConformanceYAML.casesWithIndices(yaml).filter { $0.section == section }
    }

    @Test func urlIndicesAreCodePoints() throws {
        let cases = try Self.cases("urls_with_indices") + Self.cases("urls_with_directional_markers")
        #expect(cases.count == 12)
        #expect(cases.reduce(0) { $0 + $1.expected.count } == 35)
        for testCase in cases {
            let points = CodePoints(testCase.text)
            for expected in testCase.expected {
                #expect(expected.field == "url")
                #expect(points.slice(expected.indices) == expected.value, "\(testCase.description)")
                #expect(points.slice(expected.indices, is: expected.value), "\(testCase.description)")
            }
        }
    }

    /// Mentions, lists, hashtags and cashtags: the slice is the sigil and the value.
    @Test(arguments: [
        ("mentions_with_indices", 3, 3), ("mentions_or_lists_with_indices", 5, 6),
        ("hashtags_with_indices", 8, 12), ("cashtags_with_indices", 2, 4),
    ])
    func otherEntityIndices(section: String, caseCount: Int, entityCount: Int) throws {
        let cases = try Self.cases(section)
        #expect(cases.count == caseCount)
        #expect(cases.reduce(0) { $0 + $1.expected.count } == entityCount)
        for testCase in cases {
            let points = CodePoints(testCase.text)
            for expected in testCase.expected {
                let slice = try #require(points.slice(expected.indices), "\(testCase.description)")
                #expect(String(slice.dropFirst()) == expected.value + (expected.listSlug ?? ""), "\(testCase.description)")
            }
        }
    }

    /// A URL-sized link in a text of CJK and Arabic, through the same renderer as tweets.
    @Test func rendererExpandsAtConformanceIndices() throws {
        let testCase = try #require(try Self.cases("urls_with_indices").first { $0.description == "Extract URLs with IDN(not encoded)" })
        let entities = testCase.expected.map {
            TextEntity(range: $0.indices, shortURL: $0.value, action: .expand(url: "<\($0.value)>", display: nil))
        }
        let rendered = TweetText.render(testCase.text, displayRange: nil, entities: entities)
        #expect(rendered.text == "test <http://foobar.みんな/> <http://foobar.中国/> <http://foobar.پاکستان/> ")
    }
}
