/// Why a live recording stopped.
public enum LiveStopReason: Sendable, Equatable, CustomStringConvertible {
    /// The requested ``LiveRecordingOptions/duration`` is recorded.
    case duration
    /// The playlist has `EXT-X-ENDLIST` and every segment is recorded (a live stream that ended, or VOD).
    case endList
    /// ``LiveRecording/stop()`` (e.g. Ctrl-C or SIGTERM in hlsfetch).
    case stopped
    /// An error that retrying could not fix, after something was recorded; the file holds what was.
    case failed(DownloadError)

    /// In words.
    public var description: String {
        switch self {
        case .duration: "requested duration recorded"
        case .endList: "the stream ended (EXT-X-ENDLIST)"
        case .stopped: "stopped"
        case .failed(let error): "stopped by an error: \(error)"
        }
    }
}

/// What a live recording produced.
public struct LiveRecordingResult: Sendable {
    /// The output file (renamed from `path.part`), or `nil` when recording without a file.
    public var path: String?
    /// Bytes recorded.
    public var bytes: Int64
    /// Segments recorded.
    public var segments: Int
    /// Seconds of media recorded (sum of the recorded segments' `EXTINF`).
    public var recordedDuration: Double
    /// Media sequence numbers of the first and last recorded segments.
    public var sequences: ClosedRange<Int>?
    /// The gaps, in order (at most the first 1000; ``gapCount`` counts all).
    public var gaps: [LiveGap]
    /// Number of gaps.
    public var gapCount: Int
    /// Segments missed in all gaps.
    public var missedSegments: Int
    /// Why it stopped.
    public var stopReason: LiveStopReason
    /// The audio track chosen from a master playlist, or `nil` for a media playlist.
    public var track: ScoredCandidate?
    /// The media playlist recorded (final URL after redirects, credentials redacted).
    public var mediaPlaylistURL: String
    /// SHA-256 of the recorded bytes, lowercase hex.
    public var sha256: String
    /// Playlist loads (the first included).
    public var playlistLoads: Int
    /// HTTP requests sent (retries and redirects included).
    public var requests: Int
    /// Attempts that failed and were retried.
    public var retries: Int
    /// Most downloaded bytes held in memory at once.
    public var peakBufferedBytes: Int64
    /// Wall-clock time of the recording.
    public var elapsed: Duration

    /// Whether anything was missed: a gap, or an error ended the recording.
    public var isComplete: Bool {
        gapCount == 0 && { if case .failed = stopReason { return false } else { return true } }()
    }
}
