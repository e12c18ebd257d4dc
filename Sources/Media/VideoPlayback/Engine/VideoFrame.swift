import CFFmpeg

/// A decoded picture ready for the screen: 8-bit YUV 4:2:0 planar (`SDL_PIXELFORMAT_IYUV`), three planes with
/// their strides, and its time on the playlist's time line.
///
/// The planes are libavcodec's own buffers (a reference-counted `AVFrame`), not copies; they stay valid while the
/// frame object lives. Upload them with `SDL_UpdateYUVTexture`:
///
/// ```swift
/// if let frame = engine.pump(now: now).frame {
///     frame.withPlanes { y, u, v in
///         SDL_UpdateYUVTexture(texture, nil, y.base, y.stride, u.base, u.stride, v.base, v.stride)
///     }
/// }
/// ```
public final class VideoFrame: @unchecked Sendable {
    private let frame: UnsafeMutablePointer<AVFrame>
    /// Width in pixels (of the luma plane).
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Presentation time, seconds on the playlist's time line.
    public let time: Double
    /// How long the frame is meant to be shown, seconds (0 when unknown).
    public let duration: Double
    /// The variant it was decoded from (the master playlist's index), nil for a file or a media playlist.
    public let variantID: Int?

    /// One plane: its first byte, bytes per row, and the rows it has.
    public struct Plane {
        /// The first byte of the first row.
        public let base: UnsafePointer<UInt8>
        /// Bytes from one row to the next (≥ the row's width).
        public let stride: Int32
        /// Visible bytes per row.
        public let width: Int
        /// Number of rows.
        public let height: Int
    }

    /// Takes ownership of `frame` (8-bit YUV 4:2:0).
    init(taking frame: UnsafeMutablePointer<AVFrame>, time: Double, duration: Double, variantID: Int?) {
        self.frame = frame
        width = Int(frame.pointee.width)
        height = Int(frame.pointee.height)
        self.time = time
        self.duration = duration
        self.variantID = variantID
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&pointer)
    }

    /// Calls `body` with the Y, U and V planes (valid only during the call).
    public func withPlanes<Result>(_ body: (_ y: Plane, _ u: Plane, _ v: Plane) throws -> Result) rethrows -> Result {
        let chromaWidth = (width + 1) / 2
        let chromaHeight = (height + 1) / 2
        return try withUnsafePointer(to: &frame.pointee.data) { data in
            try withUnsafePointer(to: &frame.pointee.linesize) { lines in
                let planes = UnsafeRawPointer(data).assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
                let strides = UnsafeRawPointer(lines).assumingMemoryBound(to: Int32.self)
                let empty = UnsafePointer<UInt8>(bitPattern: 1)!
                let y = Plane(base: UnsafePointer(planes[0]) ?? empty, stride: strides[0], width: width, height: height)
                let u = Plane(base: UnsafePointer(planes[1]) ?? empty, stride: strides[1], width: chromaWidth, height: chromaHeight)
                let v = Plane(base: UnsafePointer(planes[2]) ?? empty, stride: strides[2], width: chromaWidth, height: chromaHeight)
                return try body(y, u, v)
            }
        }
    }

    /// The three planes copied without their padding (Y, then U, then V): for tests and screenshots.
    public func packedPlanes() -> (y: [UInt8], u: [UInt8], v: [UInt8]) {
        withPlanes { y, u, v in
            func copy(_ plane: Plane) -> [UInt8] {
                var out = [UInt8]()
                out.reserveCapacity(plane.width * plane.height)
                for row in 0 ..< plane.height {
                    out.append(contentsOf: UnsafeBufferPointer(start: plane.base + row * Int(plane.stride), count: plane.width))
                }
                return out
            }
            return (copy(y), copy(u), copy(v))
        }
    }
}
