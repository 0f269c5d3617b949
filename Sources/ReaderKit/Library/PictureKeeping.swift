import Foundation
import ReaderFetch
import ReaderPluginAPI
import ReaderStore
import ReaderSupport

/// The pictures a parsed document names (``Block/image(alt:url:caption:blob:)``), fetched and
/// checked before the document is stored, whatever module made it: each one's bytes into a
/// blob of its own, the document's picture given the blob's name. A picture that cannot be
/// kept — not found, not a picture by its bytes, too large, too many, a script in an SVG — is
/// said in one line and stays what it was (its address); the document is stored all the same.
struct PictureKeeping: Sendable {
    let fetcher: Fetcher
    let store: Store
    let budget: PictureBudget
    let trace: (@Sendable (String) -> Void)?

    /// The document naming what was kept, the blobs to store with it, and what was not kept.
    struct Outcome {
        var document: Document
        var blobs: [IncomingBlob] = []
        var bytes = 0
        var refusals: [String] = []
    }

    func keep(_ document: Document) async throws -> Outcome {
        // Whatever a module put in `blob` is dropped: only what was fetched here is named.
        var document = document
        document.blocks = Self.mapPictures(document.blocks) { alt, url, caption, _ in
            .image(alt: alt, url: url, caption: caption, blob: nil)
        }
        var addresses: [String] = []
        var seen: Set<String> = []
        Self.visitPictures(document.blocks) { url in
            if let url, !url.isEmpty, seen.insert(url).inserted { addresses.append(url) }
        }
        var outcome = Outcome(document: document)
        // No pictures asked for (`--no-pictures`, or a count of 0): none fetched, nothing said.
        guard budget.enabled, budget.picturesPerDocument > 0, !addresses.isEmpty else {
            outcome.document.blocks = Self.withoutDataURLs(outcome.document.blocks, kept: [:])
            return outcome
        }
        if addresses.count > budget.picturesPerDocument {
            outcome.refusals.append(
                "\(addresses.count - budget.picturesPerDocument) of its \(addresses.count) pictures not fetched: "
                    + "\(budget.picturesPerDocument) is the most kept for one document (READER_PAGE_PICTURES)")
            addresses = Array(addresses.prefix(budget.picturesPerDocument))
        }
        var kept: [String: BlobID] = [:]
        var keptIDs: Set<BlobID> = []
        for (index, address) in addresses.enumerated() {
            try Task.checkCancellation()
            if outcome.bytes >= budget.bytesPerDocument {
                outcome.refusals.append(
                    "\(addresses.count - index) more pictures not fetched: the document's pictures reached "
                        + "\(PictureBudget.mebibytes(budget.bytesPerDocument)) (READER_PAGE_PICTURES_MB)")
                break
            }
            let incoming = try store.incoming()
            do {
                let id = try await fetch(address, into: incoming, room: budget.bytesPerDocument - outcome.bytes)
                kept[address] = id
                if keptIDs.insert(id).inserted {
                    outcome.blobs.append(incoming)
                    outcome.bytes += incoming.count
                } else {
                    incoming.discard()
                }
                trace?("\(Self.shown(address)): picture kept, \(incoming.count) bytes")
            } catch let refusal as Refusal {
                incoming.discard()
                outcome.refusals.append("picture \(Self.shown(address)) not kept: \(refusal.reason)")
            } catch {
                incoming.discard()
                for blob in outcome.blobs { blob.discard() }
                throw error
            }
        }
        outcome.document.blocks = Self.mapPictures(Self.withoutDataURLs(outcome.document.blocks, kept: kept)) {
            alt, url, caption, blob in
            .image(alt: alt, url: url, caption: caption, blob: blob ?? url.flatMap { kept[$0]?.hex })
        }
        return outcome
    }

    /// Why one picture is not kept: said, never a failure of the document.
    struct Refusal: Error {
        let reason: String
    }

    /// One picture's bytes into `incoming`, checked; its blob's name.
    private func fetch(_ address: String, into incoming: IncomingBlob, room: Int) async throws -> BlobID {
        let limit = min(budget.bytesPerPicture, room)
        let limitWords =
            limit < budget.bytesPerPicture
            ? "the \(PictureBudget.mebibytes(room)) left of the document's pictures (READER_PAGE_PICTURES_MB)"
            : "the limit of \(PictureBudget.mebibytes(budget.bytesPerPicture)) for one picture (READER_PICTURE_MB)"
        let lower = address.lowercased()
        if lower.hasPrefix("data:") {
            try incoming.write(try DataURL.bytes(address, limit: limit, limitWords: limitWords))
        } else if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let outcome: FetchOutcome
            do {
                outcome = try await fetcher.fetch(address, into: incoming, maxBytes: limit)
            } catch let error as ReaderError {
                if case .network(_, let reason) = error {
                    throw Refusal(reason: reason.contains("over the limit") ? "larger than \(limitWords)" : reason)
                }
                if case .cancelled = error { throw error }
                throw Refusal(reason: "\(error)")
            }
            switch outcome {
            case .fetched: break
            case .notFound: throw Refusal(reason: "HTTP 404 Not Found")
            case .notModified: throw Refusal(reason: "HTTP 304 to a request without validators")
            }
        } else {
            // Never a `file://` picture: a page must not make the reader read a local file.
            throw Refusal(reason: "only http(s) and data: pictures are fetched")
        }
        let id = try incoming.finish()
        let bytes = try incoming.bytes()
        guard let format = PictureFormat.of(bytes) else {
            throw Refusal(reason: "its \(bytes.count) bytes are no PNG, JPEG, GIF, WebP, AVIF or SVG picture")
        }
        if let size = PictureFormat.pixelSize(bytes, as: format),
            size.width.multipliedReportingOverflow(by: size.height).overflow
                || size.width * size.height > budget.pixelsPerPicture
        {
            throw Refusal(
                reason: "a \(format.rawValue.uppercased()) of \(size.width) × \(size.height) pixels is over the "
                    + "\(budget.pixelsPerPicture / 1_000_000) million pixels one picture may have")
        }
        if format == .svg, let why = PictureFormat.svgRefusal(bytes) { throw Refusal(reason: why) }
        return id
    }

    /// An address as a line may show it: a `data:` URL by its kind and length, a long one cut.
    static func shown(_ address: String) -> String {
        if address.lowercased().hasPrefix("data:") {
            let kind = address.dropFirst(5).prefix { $0 != ";" && $0 != "," }.prefix(40)
            return "data:\(kind)… (\(address.utf8.count) characters)"
        }
        return address.count > 120 ? String(address.prefix(117)) + "…" : address
    }

    /// A `data:` URL is no address to keep: the picture is its blob, or nothing.
    private static func withoutDataURLs(_ blocks: [Block], kept: [String: BlobID]) -> [Block] {
        mapPictures(blocks) { alt, url, caption, blob in
            guard let url, url.lowercased().hasPrefix("data:") else {
                return .image(alt: alt, url: url, caption: caption, blob: blob)
            }
            return .image(alt: alt, url: nil, caption: caption, blob: blob ?? kept[url]?.hex)
        }
    }

    /// Every picture of `blocks`, in lists and quotes too, made anew by `change`. Blocks with no
    /// picture are returned as they are, not copied: a feed of a hundred thousand entries has
    /// no picture, and a copy of its blocks was 34 MB of a fetch's peak.
    static func mapPictures(
        _ blocks: [Block], _ change: (String?, String?, String?, String?) -> Block
    ) -> [Block] {
        var any = false
        visitPictures(blocks) { _ in any = true }
        guard any else { return blocks }
        return blocks.map { block in
            switch block {
            case .image(let alt, let url, let caption, let blob): change(alt, url, caption, blob)
            case .list(let ordered, let items): .list(ordered: ordered, items: items.map { mapPictures($0, change) })
            case .quote(let inner): .quote(mapPictures(inner, change))
            default: block
            }
        }
    }

    /// The blob name of every stored picture of `blocks`, in order.
    static func visitStoredPictures(_ blocks: [Block], _ visit: (String) -> Void) {
        for block in blocks {
            switch block {
            case .image(_, _, _, let blob?): visit(blob)
            case .list(_, let items): for item in items { visitStoredPictures(item, visit) }
            case .quote(let inner): visitStoredPictures(inner, visit)
            default: break
            }
        }
    }

    /// The address of every picture of `blocks`, in order.
    static func visitPictures(_ blocks: [Block], _ visit: (String?) -> Void) {
        for block in blocks {
            switch block {
            case .image(_, let url, _, _): visit(url)
            case .list(_, let items): for item in items { visitPictures(item, visit) }
            case .quote(let inner): visitPictures(inner, visit)
            default: break
            }
        }
    }
}

/// The bytes of a `data:` URL (RFC 2397): base64 or percent-encoded.
enum DataURL {
    static func bytes(_ url: String, limit: Int, limitWords: String) throws -> [UInt8] {
        guard let comma = url.firstIndex(of: ",") else { throw PictureKeeping.Refusal(reason: "a data: URL without a comma") }
        let header = url[url.index(url.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = url[url.index(after: comma)...]
        let isBase64 = header.hasSuffix(";base64")
        // Measured before it is decoded: a 50 MB URL is refused without making 37 MB of it.
        let decodedAtLeast = isBase64 ? payload.utf8.count / 4 * 3 - 2 : payload.utf8.count / 3
        if decodedAtLeast > limit {
            throw PictureKeeping.Refusal(reason: "a data: URL of \(url.utf8.count) characters is larger than \(limitWords)")
        }
        if isBase64 {
            let text = String(payload).filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw PictureKeeping.Refusal(reason: "a data: URL whose base64 does not decode")
            }
            guard data.count <= limit else { throw PictureKeeping.Refusal(reason: "larger than \(limitWords)") }
            return [UInt8](data)
        }
        guard let text = String(payload).removingPercentEncoding else {
            throw PictureKeeping.Refusal(reason: "a data: URL whose escapes do not decode")
        }
        let bytes = Array(text.utf8)
        guard bytes.count <= limit else { throw PictureKeeping.Refusal(reason: "larger than \(limitWords)") }
        return bytes
    }
}
