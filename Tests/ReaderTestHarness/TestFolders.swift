import Foundation

/// Where the tests' folders live: one folder per test process, `$TMPDIR/reader-tests/PID`,
/// removed when the process exits. A whole-suite run makes hundreds of stores (some of them
/// 130 MB); left behind, they filled this machine's `/tmp` with 33 GB over a few CI runs. The
/// folder of a process that was killed, and so never removed its own, is removed by the next
/// test process to start.
public enum TestFolders {
    public static let root: String = {
        let base = NSTemporaryDirectory() + "/reader-tests"
        removeFoldersOfEndedProcesses(in: base)
        let root = base + "/\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { removeOwnFolder() }
        return root
    }()

    private static func removeOwnFolder() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Folders named by the ID of a process that no longer exists.
    private static func removeFoldersOfEndedProcesses(in base: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] {
            guard let pid = pid_t(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: base + "/" + name)
        }
    }
}
