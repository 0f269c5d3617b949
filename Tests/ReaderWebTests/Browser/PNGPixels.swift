import ReaderTestHarness
import ReaderTestSupport

/// The pixels of a PNG as a browser's screenshot writes it (8-bit RGB or RGBA, not interlaced),
/// enough to tell a page from a blank window.
struct PNGPixels {
    let width: Int
    let height: Int
    /// Each pixel as 0xRRGGBB.
    let pixels: [UInt32]

    init(_ png: [UInt8]) throws {
        guard png.count > 8, Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw HarnessError("not a PNG")
        }
        var offset = 8
        var header: [UInt8] = []
        var data: [UInt8] = []
        func number(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 8 <= png.count {
            let length = number(offset)
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= png.count else { throw HarnessError("a PNG chunk runs past the end") }
            let body = png[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = Array(body) }
            if type == "IDAT" { data += body }
            offset += 12 + length
        }
        guard header.count == 13 else { throw HarnessError("no PNG header") }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let channels: Int
        switch (header[8], header[9], header[12]) {
        case (8, 2, 0): channels = 3
        case (8, 6, 0): channels = 4
        default: throw HarnessError("a PNG of another kind (depth \(header[8]), colour \(header[9]), interlace \(header[12]))")
        }
        let raw = try Inflate.bytes(data)
        let stride = width * channels
        guard raw.count == height * (stride + 1) else { throw HarnessError("PNG data of the wrong size") }
        var previous = [UInt8](repeating: 0, count: stride)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            var line = Array(raw[row * (stride + 1) + 1..<(row + 1) * (stride + 1)])
            for index in 0..<stride {
                let left = index >= channels ? Int(line[index - channels]) : 0
                let up = Int(previous[index])
                let upLeft = index >= channels ? Int(previous[index - channels]) : 0
                let predicted: Int
                switch filter {
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predicted = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                default: predicted = 0
                }
                line[index] = UInt8(truncatingIfNeeded: Int(line[index]) + predicted)
            }
            for x in 0..<width {
                let at = x * channels
                pixels.append(UInt32(line[at]) << 16 | UInt32(line[at + 1]) << 8 | UInt32(line[at + 2]))
            }
            previous = line
        }
        self.pixels = pixels
    }

    /// The share of pixels that differ from the most common one (the page's background).
    var inkedShare: Double {
        var counts: [UInt32: Int] = [:]
        for pixel in pixels { counts[pixel, default: 0] += 1 }
        let background = counts.values.max() ?? 0
        return pixels.isEmpty ? 0 : Double(pixels.count - background) / Double(pixels.count)
    }

    var distinctColours: Int { Set(pixels).count }
}
