import VideoPlayback

/// A decoded video frame on its way to the window's texture: the same frame compares equal to itself only
/// (frames are large; a snapshot holds a reference, never a copy).
struct VideoPicture: Equatable, @unchecked Sendable {
    /// The frame (YUV 4:2:0 planes).
    let frame: VideoFrame

    init(_ frame: VideoFrame) {
        self.frame = frame
    }

    static func == (lhs: VideoPicture, rhs: VideoPicture) -> Bool { lhs.frame === rhs.frame }
}
