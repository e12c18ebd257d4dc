/// How a live recording starts, what it keeps, and when it stops (see ``HLSDownloader/record(from:to:options:)``).
///
/// ```swift
/// var options = LiveRecordingOptions()
/// options.duration = 60                 // stop after 60 s of media
/// options.deliversBytes = true          // events carry the bytes (a player reads them)
/// ```
public struct LiveRecordingOptions: Sendable {
    /// Where a live playlist's recording starts.
    public enum StartPosition: Sendable, Equatable {
        /// RFC 8216 §6.3.3: the last segment that starts at least three target durations before the end of
        /// the playlist (the first segment when the playlist is shorter), as players and ffmpeg do.
        case liveEdge
        /// The oldest segment still listed (more media at once, further from live).
        case oldest
    }

    /// Where to start; a playlist with `EXT-X-ENDLIST` (VOD, or a finished event) always starts at its first segment.
    public var start: StartPosition = .liveEdge
    /// Stop once this many seconds of media are recorded (the sum of the recorded segments' `EXTINF`s, 50 ms
    /// short counting as reached; the last segment is whole, so the recording is at most one segment longer); `nil`: until
    /// `EXT-X-ENDLIST` or ``LiveRecording/stop()``.
    public var duration: Double?
    /// Events carry each segment's bytes (``LiveSegment/bytes``) even when a file is written. Without a file
    /// they always do.
    public var deliversBytes = false
    /// Most events waiting for a slow consumer before the oldest are merged (``LiveEvents``).
    public var eventBufferLimit = 64
    /// Consecutive failed playlist reloads after which the recording stops with the error; each is retried
    /// per ``LiveReloadPolicy`` (errors that retrying cannot fix stop it at once).
    public var maxReloadFailures = 5
    /// Consecutive segments that fail (each after its own retries) after which the recording stops with
    /// the error; fewer are recorded as gaps.
    public var maxConsecutiveSegmentFailures = 3
    /// The clock reloads are scheduled by (tests inject one they advance by hand).
    public var clock: any LiveClock = ContinuousLiveClock()

    /// The defaults above.
    public init() {}

    /// Options with a duration limit.
    public init(duration: Double?) {
        self.duration = duration
    }
}
