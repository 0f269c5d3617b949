import ReaderSupport
import Testing

/// A step of a SQLite statement stops past its bound (``SQLite/stepBound``), though the clock
/// is read only once the step has run a few thousand instructions: a statement a crafted index
/// makes endless still ends, with an error.
@Suite struct StepWatchTests {
    @Test func anEndlessStatementStopsPastItsBound() throws {
        let database = try SQLite(path: ":memory:", create: true)
        database.stepBound = .milliseconds(100)
        // Synthetic: a recursive query with no end.
        let endless = try database.prepare("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
        #expect(throws: SQLite.Failure.self) { _ = try endless.step() }
        // The next step's clock starts anew (long enough to be asked: 20,000 rows), and runs to
        // its end within a bound a slow machine never reaches.
        database.stepBound = .seconds(10)
        let short = try database.prepare(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000) SELECT count(*) FROM c")
        #expect(try short.step())
        #expect(short.integer(0) == 20_000)
    }
}
