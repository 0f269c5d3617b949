import ObjectStorage
import ReaderSupport

extension Remote {
    /// Checks that the remote honours `If-None-Match: *`, which the shared catalog relies on:
    /// a probe object written once must be refused the second time. S3 since 2024, MinIO,
    /// Cloudflare R2 and moto do; a server that ignores the header would let two pushes
    /// overwrite each other's root and lose entries, so it is refused before anything is written.
    func checkConditionalWrites() async throws {
        let probe = url.key("catalog/probes/\(FileSystem.randomToken())")
        let first = try await request { () async throws(StorageFailure) in try await bucket.put(probe, [], condition: .absent) }
        let second = try await request { () async throws(StorageFailure) in try await bucket.put(probe, [], condition: .absent) }
        try? await request { () async throws(StorageFailure) in try await bucket.delete(probe) }
        guard case .written = first, second == .conditionFailed else {
            throw ReaderError.network(
                url: url.description,
                reason: "the server ignores conditional writes (If-None-Match), which reader needs to share a catalog without "
                    + "losing entries; use AWS S3, MinIO, Cloudflare R2 or another server that supports them")
        }
    }
}
