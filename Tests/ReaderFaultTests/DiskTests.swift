import Foundation
import ReaderTestHarness
import Testing

/// A full disk and a read-only store: exit 73 with a clear line, nothing half-written, and
/// what was stored before still reads.
@Suite struct DiskTests {
    /// A small tmpfs of its own, or nil (with the reason printed) where mounting is not allowed.
    final class SmallDisk: Sendable {
        let path: String

        init?(megabytes: Int, test: String) async throws {
            path = try temporaryFolder("disk")
            let mount = try await Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path])
            guard mount.status == 0 else {
                print("\(test): SKIPPED, cannot mount a tmpfs here (\(mount.stderr.trimmingCharacters(in: .whitespacesAndNewlines)))")
                return nil
            }
        }

        func remount(readOnly: Bool) async throws {
            let run = try await Self.run("/bin/mount", ["-o", readOnly ? "remount,ro" : "remount,rw", path])
            guard run.status == 0 else { throw HarnessError("remount \(path): \(run)") }
        }

        func unmount() async {
            _ = try? await Self.run("/bin/umount", ["-l", path])
        }

        /// Runs `body`, then unmounts, whatever happened.
        func using(_ body: () async throws -> Void) async throws {
            do {
                try await body()
            } catch {
                await unmount()
                throw error
            }
            await unmount()
        }

        /// Free bytes, as the file system counts them.
        var free: Int {
            var info = statvfs()
            guard statvfs(path, &info) == 0 else { return 0 }
            return Int(info.f_bavail) * Int(info.f_frsize)
        }

        static func run(_ tool: String, _ arguments: [String]) async throws -> ChildProcess.Exit {
            try await ChildProcess(tool, arguments, environment: ["PATH": "/usr/bin:/bin"]).wait(timeout: 30)
        }
    }

    @Test func aFullDiskFailsWith73AndLeavesNothingHalfWritten() async throws {
        guard let disk = try await SmallDisk(megabytes: 2, test: "disk full") else { return }
        let sources = try await AllSources.shared()
        try await disk.using {
            let store = disk.path + "/store"
            let reader = try sources.reader(store: store)
            #expect(try await reader.measure(["fetch", "rfc", "1"]).status == 0)
            let filler = disk.path + "/filler"
            let page = 4096
            var failures = 0
            var blobsWithoutEntry = 0
            // Leave 0, 1, 2, … pages free until the fetch fits: the failure lands in the first blob,
            // the second, the catalog, or nowhere.
            var freePages = 0
            var stored = false
            while !stored && freePages < 120 {
                try? FileManager.default.removeItem(atPath: filler)
                let fill = max(0, disk.free - freePages * page)
                _ = FileManager.default.createFile(atPath: filler, contents: Data(count: fill))
                let before = StoreSnapshot(store)
                let fetch = try await reader.measure(["fetch", "rfc", "793"])
                let audit = StoreAudit(store)
                #expect(audit.isClean && audit.strays.isEmpty, "\(freePages) pages free: \(audit), strays \(audit.strays)")
                #expect(try await reader.measure(["cache", "verify"]).status == 0)
                #expect(try await reader.measure(["open", "1", "--offline", "--format", "json"]).status == 0)
                let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: store))?.filter { $0.hasPrefix(".") } ?? []
                #expect(leftovers.isEmpty, "\(leftovers)")
                if fetch.status == 0 {
                    stored = true
                    let open = try await reader.measure(["open", "793", "--offline", "--format", "json"])
                    #expect(jsonObject(open.stdout)?["title"] as? String == "Transmission Control Protocol", "\(open)")
                } else {
                    failures += 1
                    #expect(fetch.status == 73, "\(freePages) pages free: \(fetch)")
                    #expect(fetch.stderr.contains("No space left on device") && fetch.stderr.split(separator: "\n").count == 1, "\(fetch)")
                    #expect(try await reader.measure(["open", "793", "--offline"]).status == 3)
                    if StoreSnapshot(store) != before { blobsWithoutEntry += 1 }
                }
                freePages += 1
            }
            try? FileManager.default.removeItem(atPath: filler)
            print(
                "disk full: \(failures) fetches failed with 73 (\(blobsWithoutEntry) of them after writing whole files the catalog does not name yet), then it fit with \(freePages - 1) pages free"
            )
            #expect(stored)
            #expect(failures > 0)
        }
    }

    /// Many requests on a full disk: the bulk fetch exits 73 too, not 4, whatever their number.
    @Test func aBulkFetchOnAFullDiskExits73() async throws {
        guard let disk = try await SmallDisk(megabytes: 2, test: "disk full, bulk") else { return }
        let sources = try await AllSources.shared()
        try await disk.using {
            let store = disk.path + "/store"
            let reader = try sources.reader(store: store)
            #expect(try await reader.measure(["fetch", "rfc", "1"]).status == 0)
            let filler = disk.path + "/filler"
            _ = FileManager.default.createFile(atPath: filler, contents: Data(count: max(0, disk.free - 4096)))
            let fetch = try await reader.measure(["fetch", "rfc", "2-9"])
            #expect(fetch.status == 73, "\(fetch)")
            #expect(fetch.stderr.contains("No space left on device"), "\(fetch)")
            try? FileManager.default.removeItem(atPath: filler)
            #expect(try await reader.measure(["cache", "verify"]).status == 0)
        }
    }

    @Test func aReadOnlyStoreFailsWith73ForWritesAndStillReads() async throws {
        let sources = try await AllSources.shared()
        let disk: SmallDisk?
        let store: String
        if geteuid() == 0 {
            // Root writes through a folder's missing write bit; only a read-only mount stops it.
            guard let mounted = try await SmallDisk(megabytes: 8, test: "read-only store") else { return }
            disk = mounted
            store = mounted.path + "/store"
            try FileManager.default.copyItem(atPath: try await sources.filledStore(), toPath: store)
            try await mounted.remount(readOnly: true)
        } else {
            disk = nil
            store = try await sources.filledStore()
            for folder in [store] + ((FileManager.default.subpaths(atPath: store) ?? []).map { store + "/" + $0 }) {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { chmod(folder, 0o555) }
            }
        }
        guard let disk else { return try await Self.checkReadOnly(store, sources) }
        try await disk.using {
            try await Self.checkReadOnly(store, sources)
            try await disk.remount(readOnly: false)
        }
    }

    /// Writes fail with 73 naming the store; reads work; nothing changes.
    static func checkReadOnly(_ store: String, _ sources: AllSources) async throws {
        let before = StoreSnapshot(store)
        let reader = try sources.reader(store: store)
        for command in [["fetch", "rfc", "793"], ["fetch", "rfc-index"], ["cache", "gc"]] {
            let run = try await reader.measure(command)
            #expect(run.status == 73, "\(command): \(run)")
            let reason = run.stderr.contains("Read-only file system") || run.stderr.contains("Permission denied")
            #expect(reason && run.stderr.contains(store) && run.stderr.split(separator: "\n").count == 1, "\(run)")
        }
        for document in sources.documents {
            let open = try await reader.measure(["open", document.open, "--offline", "--format", "json"])
            #expect(open.status == 0 && jsonObject(open.stdout) != nil, "\(document.key): \(open)")
        }
        #expect(try await reader.measure(["cache", "verify"]).status == 0)
        #expect(StoreSnapshot(store) == before)
    }
}
