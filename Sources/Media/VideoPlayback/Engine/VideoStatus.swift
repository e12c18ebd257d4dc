import VideoCore

/// Everything the window shows and traces about the open video, as of the last ``VideoEngine/pump(now:)``.
///
/// The fields of the trace contract (issue 18 item 7) that the engine knows are here under their contract names;
/// the window adds its own (`rect`, `fullscreen`, `controlsVisible`).
public struct VideoStatus: Equatable, Sendable {
    /// `loading`, `playing`, `paused`, `buffering`, `ended`, `failed` (``VideoState/name``); `idle` when nothing is
    /// open (the trace then has no `video` object).
    public var state: VideoState = .idle
    /// Seconds on the playlist's time line of the frame on screen (0 is the start of the first segment of a VOD
    /// stream, whatever the container's timestamps); before the first frame, where playback will start.
    public var position: Double = 0
    /// Length of a VOD stream or file, seconds; nil when live or not known yet.
    public var duration: Double?
    /// `BANDWIDTH` of the variant whose frame is on screen; nil for a media playlist, a file, or before a frame.
    public var bandwidth: Int?
    /// Width of the decoded frame on screen, pixels (0 before the first).
    public var width: Int = 0
    /// Height of the decoded frame on screen, pixels.
    public var height: Int = 0
    /// Frames shown since the video opened.
    public var framesShown: Int = 0
    /// Frames dropped for lateness since the video opened (``FramePacer``).
    public var framesDropped: Int = 0
    /// The shown frame's time minus the master clock when it was shown, milliseconds; nil before the first
    /// frame shown while playing.
    public var avOffsetMs: Double?
    /// Rebuffering events since the video opened (stalls while playing; not the wait after a seek).
    public var stalls: Int = 0
    /// Media seconds downloaded ahead of ``position``.
    public var buffered: Double = 0
    /// The downloaded span for the seek bar: from ``position`` to the end of what is downloaded; nil when nothing is.
    public var bufferedRange: ClosedRange<Double>?
    /// Volume, 0…1.
    public var volume: Double = 1
    /// Whether the sound is muted.
    public var muted = false
    /// The failure, when ``state`` is `failed`.
    public var error: String?

    /// Whether the stream is live (then ``duration`` is nil).
    public var isLive = false
    /// The title the video was opened with.
    public var title: String?
    /// The variant on screen (index in the master playlist), nil for a media playlist or file.
    public var variant: Int?
    /// Segments skipped (missing, corrupt, or slid out of a live window) since the video opened.
    public var segmentsSkipped = 0
    /// Variant switches seen on screen since the video opened.
    public var variantSwitches = 0
    /// Seconds of decoded media ready ahead of the master clock (the lesser of audio and video; for tests that
    /// drive the clock themselves).
    public var decodedAhead: Double = 0
    /// Whether everything up to the end of the stream is downloaded (VOD).
    public var inputEnded = false
    /// Whether everything up to the end of the stream is also decoded (what is left is in the queues).
    public var decodedToEnd = false

    /// Nothing open.
    public init() {}
}
