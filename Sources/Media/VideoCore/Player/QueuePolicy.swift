/// Bounds on everything the engine holds, so memory stays flat however long a (live) stream plays.
///
/// | queue | bound | source |
/// |---|---|---|
/// | segments downloaded ahead of the playhead | ``maxBufferSeconds`` (30 s) of media and ``maxBufferBytes`` (60 MB) | hls.js `maxBufferLength` 30, `maxBufferSize` 60 × 1000 × 1000 |
/// | downloads in flight | ``concurrency`` (2) | the Downloader's two-at-a-time fetching |
/// | decoded video frames | ``maxFrames`` (6) | ffplay `VIDEO_PICTURE_QUEUE_SIZE` is 3; a window that pulls at its refresh rate needs the next frames to drop late ones, so twice that |
/// | decoded audio | ``maxAudioSeconds`` (0.5 s) | ffplay `SAMPLE_QUEUE_SIZE` 9 frames (≈ 0.2 s of AAC); more, so a slow refresh never starves the device |
/// | audio queued in the device | ``deviceAudioSeconds`` (0.1 s) | about 4 SDL buffers of 1024 frames: the device never runs dry between refreshes at 30 Hz or more |
///
/// A full decoded queue holds its decoder back (the decoder thread waits); full segment buffers hold the
/// downloads back. Nothing is dropped to make room except late frames (``FramePacer``).
public struct QueuePolicy: Equatable, Sendable {
    /// Media seconds downloaded ahead of the playhead before fetching pauses.
    public var maxBufferSeconds: Double = 30
    /// Bytes of downloaded, undecoded media held before fetching pauses.
    public var maxBufferBytes: Int = 60_000_000
    /// Downloads in flight at once.
    public var concurrency: Int = 2
    /// Decoded video frames waiting to be shown.
    public var maxFrames: Int = 6
    /// Seconds of decoded audio waiting for the device.
    public var maxAudioSeconds: Double = 0.5
    /// Seconds of audio kept queued in the device.
    public var deviceAudioSeconds: Double = 0.1

    /// The defaults above.
    public init() {}

    /// The standard bounds.
    public static let standard = QueuePolicy()

    /// Whether another segment download may start: below the media and byte bounds, and a slot free. The first
    /// segment after a seek or a stall (nothing ahead) always may.
    public func mayFetch(aheadSeconds: Double, bytesHeld: Int, inFlight: Int) -> Bool {
        guard inFlight < max(1, concurrency) else { return false }
        if aheadSeconds <= 0 && inFlight == 0 { return true }
        return aheadSeconds < maxBufferSeconds && bytesHeld < maxBufferBytes
    }

    /// Whether the video decoder may add a frame to a queue of `frames`.
    public func mayQueueFrame(frames: Int) -> Bool { frames < max(1, maxFrames) }

    /// Whether the audio decoder may add more to `seconds` of decoded audio.
    public func mayQueueAudio(seconds: Double) -> Bool { seconds < maxAudioSeconds }

    /// Seconds of audio to move into a device that has `queued` seconds (0 when it has enough).
    public func audioToQueue(deviceQueued queued: Double) -> Double { max(0, deviceAudioSeconds - queued) }
}
