import VideoCore

/// What a feeder tells the engine.
enum FeedReport: Sendable {
    /// The stream opened: its length (nil when live), the variants (nil for a media playlist or a file), whether
    /// its audio is a separate rendition.
    case opened(VideoInfo, variants: [ABRVariant]?, separateAudio: Bool)
    /// Playback cannot go on; the text says what and where.
    case failed(String)
    /// A segment was skipped (missing, corrupt, or left behind by a live window); play goes on.
    case skipped(String)
    /// A variant was left aside for failing.
    case variantFailed(Int, String)
}
