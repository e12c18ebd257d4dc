import CSDL2
import Foundation

/// Writes the canvas's current output to an image file: PNG for `.png`, otherwise BMP (via SDL_SaveBMP).
enum Screenshot {
    /// Saves the pixels to `path`; the format follows the extension.
    static func save(width: Int, height: Int, rgba: [UInt8], to path: String) throws {
        if path.lowercased().hasSuffix(".png") {
            let data = Data(PNGEncoder.encode(width: width, height: height, rgba: rgba))
            do {
                try data.write(to: URL(fileURLWithPath: path))
            } catch {
                throw SDLError(message: "cannot write screenshot \(path): \(error.localizedDescription)")
            }
            return
        }
        var pixels = rgba
        let saved = pixels.withUnsafeMutableBytes { buffer -> Int32 in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue))
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            guard let file = SDL_RWFromFile(path, "wb") else { return -1 }
            return SDL_SaveBMP_RW(surface, file, 1)
        }
        if saved != 0 { throw SDLError.last("SDL_SaveBMP(\(path))") }
    }
}
