/// The numbers ``VideoPlayer`` decides by.
///
/// ExoPlayer's `DefaultLoadControl` waits for 2.5 s of media before starting (`DEFAULT_BUFFER_FOR_PLAYBACK_MS`)
/// and 5 s after a stall (`DEFAULT_BUFFER_FOR_PLAYBACK_AFTER_REBUFFER_MS`); hls.js starts as soon as anything is
/// buffered. We start after one short segment's worth (1 s) to keep the first frame quick — the ABR begins low —
/// and ask for ExoPlayer's 2.5 s after a stall, when the network has just proven slow.
public struct VideoPolicy: Equatable, Sendable {
    /// Media seconds downloaded ahead before playback starts (and after a seek).
    public var startSeconds: Double
    /// Media seconds downloaded ahead before playback resumes after a stall.
    public var rebufferSeconds: Double

    /// A policy.
    public init(startSeconds: Double = 1, rebufferSeconds: Double = 2.5) {
        self.startSeconds = startSeconds
        self.rebufferSeconds = rebufferSeconds
    }

    /// The defaults above.
    public static let standard = VideoPolicy()
}
