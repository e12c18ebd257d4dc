import CSDL2
import VideoPlayback

/// The picture on screen: one streaming SDL texture in IYUV (the planar Y, U, V layout of libavcodec's
/// `yuv420p`), updated with `SDL_UpdateYUVTexture` when a new frame comes and drawn by the renderer like any
/// texture, so the controls and panels draw over it with the same renderer. Remade only when the frame size
/// changes (a variant switch).
final class VideoTexture {
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private(set) var width = 0
    private(set) var height = 0

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    /// Uploads `frame`'s planes (a new texture when its size differs).
    func upload(_ frame: VideoFrame) throws {
        if texture == nil || frame.width != width || frame.height != height {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_IYUV.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(frame.width), Int32(frame.height))
            guard texture != nil else { throw SDLError.last("SDL_CreateTexture (IYUV \(frame.width)×\(frame.height))") }
            width = frame.width
            height = frame.height
        }
        let status = frame.withPlanes { y, u, v in
            SDL_UpdateYUVTexture(texture, nil, y.base, y.stride, u.base, u.stride, v.base, v.stride)
        }
        if status != 0 { throw SDLError.last("SDL_UpdateYUVTexture") }
    }

    /// Forgets the picture (the video closed).
    func clear() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        width = 0
        height = 0
    }

    /// Draws the picture into `rect` (output pixels).
    func draw(in rect: SDL_FRect) {
        guard let texture else { return }
        var destination = rect
        SDL_RenderCopyF(renderer, texture, nil, &destination)
    }
}
