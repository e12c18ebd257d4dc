/// Something that happened, for ``VideoPlayer/send(_:)``: a request from the user or the app, or a report from
/// the session (tagged with its ``VideoSessionID``; reports of other sessions are ignored).
public enum VideoEvent: Equatable, Sendable {
    /// Open a video (closing any other).
    case open(VideoRequest)
    /// Play (Space, the play button, MPRIS Play).
    case play
    /// Pause.
    case pause
    /// Play if paused, pause otherwise.
    case togglePause
    /// Seek to a time on the playlist's time line.
    case seek(Double)
    /// Close the video.
    case close
    /// The session opened its playlist or file.
    case opened(VideoSessionID, VideoInfo)
    /// The session's buffer, reported as it changes.
    case buffered(VideoSessionID, BufferReport)
    /// The audio (or the video, without audio) ran dry while playing and the input has not ended.
    case stalled(VideoSessionID)
    /// Everything was played (VOD).
    case reachedEnd(VideoSessionID)
    /// The session failed for good.
    case failed(VideoSessionID, String)

    /// The session an event reports for, if it is a report.
    public var session: VideoSessionID? {
        switch self {
        case .opened(let s, _), .buffered(let s, _), .stalled(let s), .reachedEnd(let s), .failed(let s, _): s
        case .open, .play, .pause, .togglePause, .seek, .close: nil
        }
    }
}
