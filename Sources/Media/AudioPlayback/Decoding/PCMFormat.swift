/// The PCM layout used between decoder and output: interleaved signed 16-bit native-endian samples.
public struct PCMFormat: Hashable, Sendable, CustomStringConvertible {
    /// Frames per second (one frame = one sample per channel).
    public let sampleRate: Int
    /// Number of interleaved channels (1 or 2).
    public let channels: Int

    /// Creates a format; `channels` must be 1 or 2.
    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// 44.1 kHz stereo, the default output format.
    public static let cdStereo = PCMFormat(sampleRate: 44_100, channels: 2)

    /// Bytes per frame (2 bytes per sample).
    public var bytesPerFrame: Int { 2 * channels }

    /// Duration in seconds of `frames` frames.
    public func seconds(frames: Int) -> Double { Double(frames) / Double(sampleRate) }

    /// `44100 Hz, 2 ch, s16`.
    public var description: String { "\(sampleRate) Hz, \(channels) ch, s16" }
}
