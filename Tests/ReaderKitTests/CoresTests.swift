import Foundation
import Testing

@testable import ReaderSupport

/// The cores a process may keep busy: a cgroup v2 quota counts, rounded up; no quota, or a
/// line that cannot be read, leaves the cores online.
@Suite struct CoresTests {
    @Test(
        arguments: [
            ("200000 100000\n", 2), ("150000 100000", 2), ("50000 100000", 1), ("max 100000\n", nil), ("", nil), ("garbage", nil),
            ("-1 100000", nil), ("100000 0", nil),
        ] as [(String, Int?)])
    func aQuotaIsRoundedUpAndNoQuotaIsNoLimit(_ line: String, _ cores: Int?) {
        #expect(Cores.quota(cpuMax: line) == cores)
    }

    /// A cgroup file says it is empty (`st_size` 0), as `/proc/loadavg` does: it is read to its end.
    @Test func aFileThatSaysItIsEmptyIsReadToItsEnd() {
        #expect(Cores.read("/proc/loadavg")?.hasSuffix("\n") == true)
        #expect(Cores.read("/nonexistent/cpu.max") == nil)
    }

    @Test func thisProcessMayUseAtLeastOneCoreAndNoMoreThanAreOnline() {
        #expect(Cores.available >= 1)
        #expect(Cores.available <= max(1, sysconfCores()))
    }

    private func sysconfCores() -> Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
