#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many cores this process may keep busy: those online, fewer when a cgroup (v2) quota
/// says so, as in a container given two of a host's sixty-four.
///
/// Foundation's `activeProcessorCount` answers the same, but reading it cost 3 % of a whole
/// `reader open 793` (it goes through Foundation's file and string layers); this is two system
/// calls and a read of one short file (``FileSystem/read(_:limit:into:)``), once per process.
package enum Cores {
    package static let available: Int = {
        let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        guard let quota = quota(cpuMax: read("/sys/fs/cgroup/cpu.max")) else { return online }
        return max(1, min(online, quota))
    }()

    /// The cores a cgroup v2 `cpu.max` line allows (`"200000 100000"` → 2, rounded up), or nil
    /// when it sets no limit (`"max 100000"`) or cannot be read.
    static func quota(cpuMax: String?) -> Int? {
        guard let fields = cpuMax?.split(whereSeparator: { $0 == " " || $0 == "\n" }), fields.count >= 2,
            let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0
        else { return nil }
        return (quota + period - 1) / period
    }

    /// Read to its end, not to its size: a cgroup file says it is empty (`st_size` 0).
    static func read(_ path: String) -> String? {
        var bytes: [UInt8] = []
        let read = try? FileSystem.read(path, limit: 256) { piece in
            bytes.append(contentsOf: piece)
            return true
        }
        return read == nil ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
