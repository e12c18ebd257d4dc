import Foundation

/// A decoded BMP file (as SDL_SaveBMP writes: 24- or 32-bit, uncompressed or BI_BITFIELDS).
/// Written from the BMP format description (BITMAPFILEHEADER + BITMAPINFOHEADER/V4), independent of the demo.
struct BMPImage {
    let width: Int
    let height: Int
    private let pixels: [UInt8]  // RGB, rows top to bottom

    /// Reads and decodes a BMP file.
    init(contentsOf url: URL) throws {
        let data = [UInt8](try Data(contentsOf: url))
        func u16(_ o: Int) -> Int { Int(data[o]) | Int(data[o + 1]) << 8 }
        func u32(_ o: Int) -> UInt32 { UInt32(data[o]) | UInt32(data[o + 1]) << 8 | UInt32(data[o + 2]) << 16 | UInt32(data[o + 3]) << 24 }
        guard data.count > 54, data[0] == 0x42, data[1] == 0x4D else { throw DemoRunError(message: "\(url.path) is not a BMP") }
        let offset = Int(u32(10))
        let width = Int(Int32(bitPattern: u32(18)))
        let rawHeight = Int(Int32(bitPattern: u32(22)))
        let bpp = u16(28)
        let compression = u32(30)
        guard bpp == 24 || bpp == 32 else { throw DemoRunError(message: "\(url.path): \(bpp) bits per pixel unsupported") }
        var masks: [UInt32] = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF]
        if compression == 3 || compression == 6 { masks = [u32(54), u32(58), u32(62)] }
        let height = abs(rawHeight)
        let bytesPerPixel = bpp / 8
        let stride = (width * bytesPerPixel + 3) / 4 * 4
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            let sourceRow = rawHeight > 0 ? height - 1 - row : row
            for x in 0..<width {
                let o = offset + sourceRow * stride + x * bytesPerPixel
                let value = bpp == 32 ? u32(o) : UInt32(data[o]) | UInt32(data[o + 1]) << 8 | UInt32(data[o + 2]) << 16
                for (channel, mask) in masks.enumerated() {
                    let shift = UInt32(mask.trailingZeroBitCount)
                    pixels[(row * width + x) * 3 + channel] = mask == 0 ? 0 : UInt8(truncatingIfNeeded: (value & mask) >> shift)
                }
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y), top-left origin.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = (y * width + x) * 3
        return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]))
    }

    /// Whether the pixel at (x, y) is within `tolerance` per channel of `color`.
    func pixel(_ x: Int, _ y: Int, is color: (r: Int, g: Int, b: Int), tolerance: Int = 12) -> Bool {
        let p = rgb(x, y)
        return abs(p.r - color.r) <= tolerance && abs(p.g - color.g) <= tolerance && abs(p.b - color.b) <= tolerance
    }
}
