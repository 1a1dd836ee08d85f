import CassetteKit
import Foundation

/// The pixels of an 8-bit RGB or RGBA PNG (what Chromium's screenshots are), decoded with zlib through CassetteKit,
/// to tell a rendered page from a blank one.
struct PNGPixels {
    var width: Int
    var height: Int
    /// RGB triples, row by row, packed as `r << 16 | g << 8 | b`.
    var pixels: [UInt32]

    /// Nil when `data` is not an 8-bit, non-interlaced RGB or RGBA PNG.
    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var offset = 8
        var header: [UInt8] = []
        var compressed = Data()
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard length >= 0, offset + 12 + length <= bytes.count else { return nil }
            let body = bytes[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = Array(body) }
            if type == "IDAT" { compressed.append(contentsOf: body) }
            offset += 12 + length
        }
        guard header.count == 13 else { return nil }
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let channels = header[9] == 6 ? 4 : header[9] == 2 ? 3 : 0
        guard header[8] == 8, channels > 0, header[12] == 0, width > 0, height > 0,
            let raw = ContentEncoding.decode(compressed, contentEncoding: "deflate").map([UInt8].init),
            raw.count == height * (1 + width * channels)
        else { return nil }
        let stride = width * channels
        var previous = [UInt8](repeating: 0, count: stride)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let start = row * (stride + 1)
            let filter = raw[start]
            var line = Array(raw[start + 1...start + stride])
            for index in 0..<stride {
                let left = index >= channels ? Int(line[index - channels]) : 0
                let up = Int(previous[index])
                let upLeft = index >= channels ? Int(previous[index - channels]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = a <= b && a <= c ? left : b <= c ? up : upLeft
                default: predictor = 0
                }
                line[index] = UInt8(truncatingIfNeeded: Int(line[index]) + predictor)
            }
            for pixel in 0..<width {
                let base = pixel * channels
                pixels.append(UInt32(line[base]) << 16 | UInt32(line[base + 1]) << 8 | UInt32(line[base + 2]))
            }
            previous = line
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// How many pixels differ from the most common colour (the background), as a share of all.
    var nonBackgroundShare: Double {
        var counts: [UInt32: Int] = [:]
        for pixel in pixels { counts[pixel, default: 0] += 1 }
        let background = counts.values.max() ?? 0
        return Double(pixels.count - background) / Double(max(1, pixels.count))
    }

    /// How many distinct colours the image holds.
    var colourCount: Int { Set(pixels).count }
}
