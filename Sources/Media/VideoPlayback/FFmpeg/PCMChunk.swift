/// Decoded audio in the output's format: interleaved signed 16-bit samples and the playlist time of the first.
struct PCMChunk: Sendable {
    /// Interleaved samples (`channels` per frame).
    var samples: [Int16]
    /// Playlist time of the first frame, seconds.
    var time: Double
    /// Frames per second.
    var sampleRate: Int
    /// Channels per frame.
    var channels: Int

    /// Number of frames.
    var frames: Int { channels > 0 ? samples.count / channels : 0 }
    /// Duration, seconds.
    var duration: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }
    /// Playlist time just after the last frame.
    var end: Double { time + duration }
}
