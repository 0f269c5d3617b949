import Foundation

/// What the machine's time zone is made from — `TZ`, else where `/etc/localtime` links — read
/// without making the zone (`TimeZone.current` loads zone data: 3 % of an `open`). Kept views
/// are named by it (``RenderOptions/zoneName``): a different `TZ` or link is a different name.
enum LocalZone {
    static let name: String = {
        if let zone = getenv("TZ") { return "TZ=" + String(cString: zone) }
        var target = [CChar](repeating: 0, count: 4096)
        let count = readlink("/etc/localtime", &target, target.count - 1)
        guard count > 0 else { return "localtime" }
        return "localtime=" + String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
