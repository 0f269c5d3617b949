import Testing

/// The suites that make pages, one test (and one test case) at a time. Every page is made on
/// NIO's blocking pool — as many threads as cores, two on CI — shared by every site in the
/// process, and each test's site makes its pages anew (its `Reader` cuts the index's words
/// anew). HummingbirdTesting's live client gives up on an answer after 20 s and cannot be told
/// otherwise: with every site test at once on a loaded two-core machine, a page waited behind
/// all the others' and live cases failed with `readTimeout` (CI on 2026-11-25; again with ten
/// busy loops beside `swift test --filter ReaderWebTests`). One at a time, a page waits only
/// for itself.
@Suite(.serialized) enum SiteSuites {}

extension SiteSuites {
    /// The suites that drive Chromium, among the site's others, one test at a time. (Beside
    /// them, as a group of their own, the two lanes were shorter, but a page waited behind a
    /// browser's and a live HEAD test timed out at HummingbirdTesting's 20 s.)
    @Suite(.serialized) enum BrowserSuites {}
}

typealias BrowserSuites = SiteSuites.BrowserSuites
