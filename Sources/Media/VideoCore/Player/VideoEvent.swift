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

/// A side effect ``VideoPlayer`` asks for, run in order by the engine; results come back as ``VideoEvent``s.
public enum VideoCommand: Equatable, Sendable {
    /// Start a session: open the source and fill the buffer from `from` (nil: the start of a VOD stream, the live
    /// edge of a live one). Nothing plays until ``startClock(_:)``.
    case load(VideoSessionID, VideoRequest, from: Double?)
    /// Start (or resume) the audio device and the clock.
    case startClock(VideoSessionID)
    /// Stop the audio device and the clock, keeping everything buffered.
    case stopClock(VideoSessionID)
    /// Drop what is buffered and fill again from `to` (decoding from the key frame before it; nothing before it
    /// is shown).
    case seek(VideoSessionID, to: Double)
    /// End the session: stop fetching and decoding, free the buffers.
    case close(VideoSessionID)
}
