import PlayerCore

/// A side effect a ``MediaPlayer`` asks for, returned from ``MediaPlayer/send(_:at:)`` and run by a host
/// (MediaHost's `MediaHost`) in the order given. Results come back as ``MediaEvent/download(_:_:)`` and
/// ``MediaEvent/stream(_:)``.
public enum MediaCommand: Equatable, Sendable {
    /// Start fetch `fetch` of the download flow `flow`: the best audio track of `request.playlist` into a file
    /// of its own; report progress, the finished file or the failure as ``MediaEvent/download(_:_:)``.
    case fetch(DownloadFlowID, FetchID, DownloadRequest)
    /// Run `command` for the download flow `flow`: cancel a fetch, play, pause, resume or stop the file, delete
    /// a file, report a problem (a ``PlayerCore/PlayerCommand``; never `startFetch`, which is ``fetch(_:_:_:)``).
    case download(DownloadFlowID, PlayerCommand)
    /// Run `command` for the stream machine (open, reconnect, schedule a retry, play, pause, close, release).
    case stream(StreamCommand)
    /// Open, control or close the video on the host's video engine (its own state machine, VideoCore's
    /// `VideoPlayer`, reports to the host, which shows it through `MediaHost.video`).
    case video(VideoAction)
    /// Move stream session `session` (a story: a stream that ends) to `seek`'s time: the host's stream engine
    /// reopens the source there (an HTTP `Range` request) and reports ``PlayerCore/StreamEvent/repositioned(_:)``.
    case seekStream(StreamSessionID, StreamSeek)
    /// Apply `volume`'s gain to the audio written to the device from now on (the file player's and the stream
    /// engine's; the video engine applies its own).
    case setAudioVolume(AudioVolume)
}
