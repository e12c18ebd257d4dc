extension VideoScreen {
    /// What the player reports, passed in with every event and every layout: plain values, so ScreenKit knows
    /// no video types. Times are seconds on the playlist's time line (0 is the start of a VOD stream's first
    /// segment), the same line as ``Command/seek(to:)`` and the trace's `position`.
    ///
    /// Values from the engine are not trusted blindly: a NaN, infinite or negative time reads as 0 (or as
    /// "unknown" for ``duration`` and ``bufferedEnd``), a volume outside 0...1 is clamped.
    public struct Playback: Equatable, Sendable {
        /// The time of the frame on screen, in seconds.
        public var position: Double
        /// The length of the stream in seconds; nil when live or not known yet.
        public var duration: Double?
        /// A live stream: the bar shows "LIVE" and cannot be dragged.
        public var isLive: Bool
        /// The player is playing (the play/pause button shows pause).
        public var isPlaying: Bool
        /// Loading or buffering: a spinner shows over the picture.
        public var isBusy: Bool
        /// The end of the buffered range in seconds, on the same time line (the seek bar's lighter part).
        public var bufferedEnd: Double?
        /// The volume, 0...1.
        public var volume: Double
        /// Whether the sound is muted (the volume is kept for unmuting).
        public var muted: Bool
        /// The decoded frame's width in pixels; 0 until the first frame.
        public var videoWidth: Int
        /// The decoded frame's height in pixels; 0 until the first frame.
        public var videoHeight: Int
        /// The title shown at the top, if any.
        public var title: String?
        /// The end of a VOD stream was played: the time reads the length, the seek bar is full, ▶ plays it again.
        public var isEnded: Bool
        /// Playback failed: the engine's technical line (for stderr and the trace); the screen shows
        /// ``VideoScreen/Failure``'s sentence for it with Retry and Close. Nil otherwise.
        public var failure: String?

        /// A playback report; every value has the default of a player that has shown nothing yet.
        public init(
            position: Double = 0, duration: Double? = nil, isLive: Bool = false, isPlaying: Bool = false,
            isBusy: Bool = false, bufferedEnd: Double? = nil, volume: Double = 1, muted: Bool = false,
            videoWidth: Int = 0, videoHeight: Int = 0, title: String? = nil, isEnded: Bool = false, failure: String? = nil
        ) {
            self.position = position
            self.duration = duration
            self.isLive = isLive
            self.isPlaying = isPlaying
            self.isBusy = isBusy
            self.bufferedEnd = bufferedEnd
            self.volume = volume
            self.muted = muted
            self.videoWidth = videoWidth
            self.videoHeight = videoHeight
            self.title = title
            self.isEnded = isEnded
            self.failure = failure
        }

        /// Whether the controls may hide: only while it plays (paused, ended, failed, loading or buffering, they
        /// stay, as in mpv's OSC and the web's players: a still picture always has its ▶ and ✕).
        public var letsControlsHide: Bool { isPlaying && failure == nil }

        /// The duration the seek bar can use: finite and positive, and not live; nil otherwise.
        public var seekableDuration: Double? {
            guard !isLive, let duration, duration.isFinite, duration > 0 else { return nil }
            return duration
        }

        /// ``position`` made safe: NaN, infinite or negative reads as 0.
        var safePosition: Double { position.isFinite && position > 0 ? position : 0 }

        /// ``volume`` clamped to 0...1 (NaN reads as 0).
        var safeVolume: Double { VideoScreen.unit(volume) }
    }
}
