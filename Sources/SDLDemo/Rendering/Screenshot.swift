import CSDL2
import CSDL2Image
import Foundation

/// Writes the canvas's current output to an image file: PNG for `.png` (SDL_image's `IMG_SavePNG`, libpng,
/// compressed), otherwise BMP (`SDL_SaveBMP`).
enum Screenshot {
    /// Saves the pixels (RGBA bytes, rows top to bottom) to `path`; the format follows the extension.
    static func save(width: Int, height: Int, rgba: [UInt8], to path: String) throws {
        let png = path.lowercased().hasSuffix(".png")
        var pixels = rgba
        let saved = pixels.withUnsafeMutableBytes { buffer -> Int32 in
            // ABGR8888 is the packed format whose bytes in memory are R, G, B, A on little-endian machines.
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue))
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            if png { return IMG_SavePNG(surface, path) }
            guard let file = SDL_RWFromFile(path, "wb") else { return -1 }
            return SDL_SaveBMP_RW(surface, file, 1)
        }
        if saved != 0 { throw SDLError.last(png ? "IMG_SavePNG(\(path))" : "SDL_SaveBMP(\(path))") }
    }
}
