import CSDL2
import CSDL2Image
import ScreenKit

/// A decoded image: an SDL surface in one known pixel format (ABGR8888, i.e. R, G, B, A bytes in memory on
/// little-endian machines), owned by this object and freed with it.
///
/// Surfaces are plain memory, so a decoded image may be made on a background thread and handed to the
/// render thread once (hence `@unchecked Sendable`: nothing touches it from two threads at a time); only
/// the texture made from it belongs to the renderer's thread.
final class DecodedImage: @unchecked Sendable {
    let surface: UnsafeMutablePointer<SDL_Surface>

    /// Width in pixels.
    var width: Int { Int(surface.pointee.w) }
    /// Height in pixels.
    var height: Int { Int(surface.pointee.h) }
    /// Bytes of pixel memory (4 per pixel): what the texture made from it holds.
    var byteCount: Int { width * height * 4 }

    private init(surface: UnsafeMutablePointer<SDL_Surface>) {
        self.surface = surface
    }

    deinit { SDL_FreeSurface(surface) }

    /// Decodes JPEG or PNG from `bytes`, once ``ScreenKit/ImageHeader`` found their size within its bounds.
    ///
    /// Thread safety: call ``ImageCodec/start()`` on the main thread first. SDL_image loads its codec
    /// libraries lazily in `IMG_Init`, which is not thread-safe (libsdl-org/SDL_image#126: concurrent first
    /// loads corrupted the heap); once loaded, decoding different images on one background thread is safe
    /// (libpng and libjpeg keep per-image state; SDL's error string is per thread). The demo decodes on
    /// one serial background queue.
    static func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        guard !bytes.isEmpty else { throw ResourceError(message: "empty image") }
        // The size comes from the header before the decoder allocates anything: a decompression bomb (a small
        // file declaring 50000×50000 pixels) is refused here and shows the placeholder (docs/security.md).
        if case .refuse(let reason) = ImageHeader.check(bytes) { throw ResourceError(message: reason) }
        let decoded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            guard let stream = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_Load_RW(stream, 1)
        }
        guard let decoded else {
            throw ResourceError(message: "cannot decode image: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(decoded) }
        guard decoded.pointee.w > 0, decoded.pointee.h > 0,
              let converted = SDL_ConvertSurfaceFormat(decoded, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue), 0)
        else { throw ResourceError(message: "cannot convert image: \(String(cString: SDL_GetError()))") }
        return DecodedImage(surface: converted)
    }
}

/// SDL_image's start and stop (main thread).
enum ImageCodec {
    /// Loads the JPEG and PNG codecs; returns which are missing (empty when both are there).
    @discardableResult
    static func start() -> [String] {
        let wanted = Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue)
        let loaded = IMG_Init(wanted)
        var missing: [String] = []
        if loaded & Int32(IMG_INIT_JPG.rawValue) == 0 { missing.append("JPEG") }
        if loaded & Int32(IMG_INIT_PNG.rawValue) == 0 { missing.append("PNG") }
        return missing
    }
}
