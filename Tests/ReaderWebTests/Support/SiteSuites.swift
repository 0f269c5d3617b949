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

/// The suites that drive Chromium, one test at a time, as the site's other suites are, but
/// beside them: two pages at once wait at most for each other on the blocking pool. Alone,
/// each group would be the suite's longest lane (together they took 650 s of the run's 655:
/// a browser test that takes 8 s alone waits on a loaded machine for every step it awaits).
@Suite(.serialized) enum BrowserSuites {}
