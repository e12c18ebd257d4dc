import CSDL2
import CSDL2Image
import Foundation

/// An image file (PNG, JPEG, BMP) decoded with SDL_image into RGBA bytes, for pixel checks of PNG
/// screenshots. (BMP screenshots are also read by the independent ``BMPImage`` parser.)
struct LoadedImage {
    let width: Int
    let height: Int
    private let pixels: [UInt8]

    /// SDL_image loads its codecs lazily in `IMG_Init`, which is not thread-safe (libsdl-org/SDL_image#126):
    /// every caller in the test process loads them through this, once, before any decode.
    static let codecs: Void = { _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)) }()
    private static let lock = NSLock()

    init(contentsOf url: URL) throws {
        _ = Self.codecs
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard let loaded = IMG_Load(url.path) else {
            throw DemoRunError(message: "\(url.lastPathComponent): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue), 0) else {
            throw DemoRunError(message: "\(url.lastPathComponent): cannot convert")
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for row in 0..<height {
            for column in 0..<(width * 4) { pixels[row * width * 4 + column] = base[row * pitch + column] }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y), top-left origin.
    func rgba(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let o = (y * width + x) * 4
        return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]), Int(pixels[o + 3]))
    }

    /// Whether the pixel at (x, y) is within `tolerance` per channel of `color`.
    func pixel(_ x: Int, _ y: Int, is color: (r: Int, g: Int, b: Int), tolerance: Int = 12) -> Bool {
        let p = rgba(x, y)
        return abs(p.r - color.r) <= tolerance && abs(p.g - color.g) <= tolerance && abs(p.b - color.b) <= tolerance
    }
}
