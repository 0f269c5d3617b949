import Foundation

/// `Content-Type` split into its media type and charset.
enum MediaType {
    static func parse(_ header: String?) -> (mediaType: String?, charset: String?) {
        guard let header else { return (nil, nil) }
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let mediaType = parts.first.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        var charset: String?
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" {
                charset = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")).lowercased()
            }
        }
        return (mediaType, charset)
    }
}
