import Foundation
import ReaderModuleCases
import Testing

@testable import ReleasesModule

/// The module's cases (`Cases/*.json`), run in this process by reader's case runner. After
/// installing the library, `reader sources --check Cases` runs the same through reader.
@Suite struct ReleasesCaseTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Cases")

    static let cases = (try? ModuleCase.all(in: folder)) ?? []

    @Test func casesAreThere() {
        #expect(Self.cases.count == 4)
    }

    @Test(arguments: cases)
    func moduleCase(_ moduleCase: ModuleCase) {
        for failure in moduleCase.run(with: ReleasesModule()) {
            Issue.record(Comment(rawValue: "\(moduleCase.file.lastPathComponent): \(failure)"))
        }
    }
}

/// RFC 822 dates as RSS writes them, in ISO 8601.
@Suite struct FeedDateTests {
    @Test(arguments: [
        ("Tue, 01 Jul 2025 07:15:00 +0100", "2025-07-01T07:15:00+01:00"),
        ("Mon, 30 Jun 2025 23:02:00 GMT", "2025-06-30T23:02:00Z"),
        ("29 Jun 2025 10:00:00 EDT", "2025-06-29T10:00:00-04:00"),
        ("Fri, 27 Jun 25 16:45 -0000", "2025-06-27T16:45:00Z"),
        ("yesterday", "yesterday"),
    ])
    func rfc822(text: String, iso: String) {
        #expect(FeedDates.iso(text) == iso)
    }
}
