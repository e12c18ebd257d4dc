import Foundation

/// Reads the PNGs the demo writes (8-bit RGBA, filter 0, zlib with stored deflate blocks), checking every
/// chunk CRC and the Adler-32, from the PNG spec and RFC 1950/1951 — written separately from the encoder.
struct StoredPNG {
    let width: Int
    let height: Int
    private let pixels: [UInt8]

    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        func fail(_ message: String) -> DemoRunError { DemoRunError(message: "\(url.lastPathComponent): \(message)") }
        func be32(_ o: Int) -> UInt32 { UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3]) }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw fail("no PNG signature") }
        var offset = 8
        var width = 0, height = 0
        var idat: [UInt8] = []
        var sawEnd = false
        while offset + 12 <= bytes.count {
            let length = Int(be32(offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let crc = be32(offset + 8 + length)
            guard crc == Self.crc32(Array(bytes[(offset + 4)..<(offset + 8)]) + body) else { throw fail("bad CRC in \(type)") }
            switch type {
            case "IHDR":
                width = Int(be32(offset + 8))
                height = Int(be32(offset + 12))
                guard body[8] == 8, body[9] == 6 else { throw fail("not 8-bit RGBA") }
            case "IDAT": idat += body
            case "IEND": sawEnd = true
            default: break
            }
            offset += 12 + length
        }
        guard sawEnd else { throw fail("no IEND") }
        // zlib: CMF/FLG, then stored blocks (BTYPE 00), then Adler-32.
        guard idat.count >= 6, (Int(idat[0]) << 8 | Int(idat[1])) % 31 == 0, idat[0] & 0x0F == 8 else { throw fail("bad zlib header") }
        var raw: [UInt8] = []
        var p = 2
        while true {
            let header = idat[p]
            guard header & 0x06 == 0 else { throw fail("compressed block (only stored blocks expected)") }
            let len = Int(idat[p + 1]) | Int(idat[p + 2]) << 8
            let nlen = Int(idat[p + 3]) | Int(idat[p + 4]) << 8
            guard len ^ 0xFFFF == nlen else { throw fail("LEN/NLEN mismatch") }
            raw += idat[(p + 5)..<(p + 5 + len)]
            p += 5 + len
            if header & 1 == 1 { break }
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = UInt32(idat[p]) << 24 | UInt32(idat[p + 1]) << 16 | UInt32(idat[p + 2]) << 8 | UInt32(idat[p + 3])
        guard adler == (b << 16 | a) else { throw fail("bad Adler-32") }
        guard raw.count == height * (width * 4 + 1) else { throw fail("\(raw.count) bytes for \(width)x\(height)") }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for row in 0..<height {
            let start = row * (width * 4 + 1)
            guard raw[start] == 0 else { throw fail("row \(row) uses filter \(raw[start])") }
            pixels += raw[(start + 1)..<(start + 1 + width * 4)]
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    func rgba(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let o = (y * width + x) * 4
        return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]), Int(pixels[o + 3]))
    }

    /// CRC-32 (PNG spec, annex D), bit by bit.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
