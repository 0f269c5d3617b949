import ReaderPluginAPI
import ReaderTestSupport
import Testing

@testable import HTML

/// The 52 news and blog pages of the article-extraction benchmark (`Tests/Corpus/html-news/`):
/// the main text against the article a person marked on each page, in two fixed halves (see
/// ``NewsSplit``). The tuning half is scored page by page, with floors 0.01 below what the
/// extractor reaches, so that a regression fails and names its words; the held-out half only
/// by its means, so that a rule is judged on pages whose misses nobody looked at.
@Suite struct NewsCorpusTests {
    /// The tuning half, by the first ten characters of the page's id.
    static let tuningFloors: [String: Double] = [
        "042bb7b5fe": 0.990, "06ee193de4": 0.970, "08f7937627": 0.990, "0e014df693": 0.973, "20b2b64916": 0.984,
        "287e4d9f4a": 0.979, "359fee2285": 0.978, "3cb5e2f466": 0.975, "42aad16bde": 0.987, "57e2e98887": 0.990,
        "5ae11e580a": 0.845, "65bf3048b5": 0.975, "686bb170ef": 0.946, "70cb2d5bca": 0.958, "7de5241947": 0.989,
        "833caf3bdb": 0.982, "9e8c9f082a": 0.951, "a6968f427c": 0.985, "ad826691a8": 0.985, "ba07d1e647": 0.956,
        "c7e39ac49f": 0.951, "dc7ccccc1f": 0.963, "e372e42c0a": 0.990, "e7d77f1869": 0.864, "ec3878db7e": 0.986,
        "f81c6c05d9": 0.990,
    ]

    /// Floors of each half's means (word F1, the benchmark's shingle F1), 0.005 below what
    /// the extractor reaches. When the split was made (issue 27), before any rule of that
    /// issue: tuning 0.9747 / 0.9672, held out 0.9852 / 0.9782; after: 0.9767 / 0.9695 and
    /// 0.9852 / 0.9782. The held-out half is not truly unseen: earlier sessions tuned on all
    /// 52 pages (see `Tests/Corpus/html-news/README.md`).
    static let tuningMeanFloor = (words: 0.971, shingles: 0.964)
    static let heldOutMeanFloor = (words: 0.980, shingles: 0.973)

    @Test(arguments: tuningFloors.keys.sorted())
    func tuningPageMatchesTheMarkedArticle(_ page: String) throws {
        let score = try NewsPage.score(page, truth: try NewsPage.truth())
        let floor = try #require(Self.tuningFloors[page])
        let words = score.words
        let missing = words.missing.sorted { $0.value > $1.value }.prefix(20).map { "\($0.key):\($0.value)" }
        let extra = words.extra.sorted { $0.value > $1.value }.prefix(20).map { "\($0.key):\($0.value)" }
        #expect(words.f1 >= floor, "\(page): \(words); missing \(missing); extra \(extra)")
    }

    /// The split is the rule written in ``NewsSplit``, and the floors cover its tuning half.
    @Test func theHalvesAreTheFixedSplit() throws {
        let split = NewsSplit(ids: Array(try NewsPage.truth().keys))
        #expect(split.tuning.count == 26)
        #expect(split.heldOut.count == 26)
        #expect(Set(split.tuning) == Set(Self.tuningFloors.keys))
        #expect(Set(split.tuning).isDisjoint(with: split.heldOut))
    }

    @Test func tuningHalfMeans() throws {
        let split = NewsSplit(ids: Array(try NewsPage.truth().keys))
        let means = try NewsPage.means(split.tuning)
        print("News corpus, tuning half: \(means)")
        #expect(means.words >= Self.tuningMeanFloor.words)
        #expect(means.shingles >= Self.tuningMeanFloor.shingles)
    }

    /// Only the means are printed and asserted: no page of this half is to be looked at.
    @Test func heldOutHalfMeans() throws {
        let split = NewsSplit(ids: Array(try NewsPage.truth().keys))
        let means = try NewsPage.means(split.heldOut)
        print("News corpus, held-out half: \(means)")
        #expect(means.words >= Self.heldOutMeanFloor.words)
        #expect(means.shingles >= Self.heldOutMeanFloor.shingles)
    }

    /// Issue 16's goals on all 52: mean word F1 ≥ 0.97 with precision ≥ 0.95, and the
    /// benchmark's shingle F1 ≥ 0.97.
    @Test func allPagesReachTheGoals() throws {
        let means = try NewsPage.means(Array(try NewsPage.truth().keys))
        print("News corpus, all pages: \(means)")
        #expect(means.words >= 0.97)
        #expect(means.wordPrecision >= 0.95)
        #expect(means.shingles >= 0.97)
    }
}
