import Dispatch

/// Work that waits on the disk, run on a thread of its own rather than on one of the
/// cooperative pool's, of which there are as many as cores: a store commit waits on `fsync`,
/// and on two cores two such waits stopped every parse and every download of a mirror.
package enum BlockingWork {
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try body() }) }
        }
    }
}
