/// Something that happened, reported to a ``StreamPlayer`` (named after what happened).
///
/// Events come from the user or the app (`selected`, `tapped`, the `…Requested` cases from media controls,
/// `audioFocusLost`), from the stream source and its audio output (the cases tagged with a
/// ``StreamSessionID``) and from the driver's timer (``retryDue(_:attempt:)``). Any event may arrive in any
/// state; the ones that make no sense there are ignored (see the table in ``StreamPlayer``).
public enum StreamEvent: Equatable, Sendable {
    /// The app chose a stream to play (e.g. Listen on a station): it replaces whatever played, and starts.
    case selected(StreamRequest)
    /// The user tapped the circle (also the media controls' PlayPause).
    case tapped
    /// The media controls asked to play (MPRIS `Play`).
    case playRequested
    /// The media controls asked to pause (MPRIS `Pause`).
    case pauseRequested
    /// The media controls asked to stop (MPRIS `Stop`).
    case stopRequested
    /// Another source takes the audio (a video starts, another app plays): the player lets go of the stream and
    /// the audio device, and its control disappears.
    case audioFocusLost

    /// The session's connection opened (response head received); `info` says what kind of stream it is.
    case opened(StreamSessionID, StreamDetails)
    /// The session holds `seconds` of decoded audio not yet played.
    case buffered(StreamSessionID, seconds: Double)
    /// The session's output ran out of audio while playing (the network is slower than the audio).
    case stalled(StreamSessionID)
    /// The session's source has delivered all its audio (a finite stream was read to its end).
    case inputEnded(StreamSessionID)
    /// The session's output played the last of a finite stream.
    case finished(StreamSessionID)
    /// The session's connection broke or the server closed it; buffered audio may still be playing.
    case connectionLost(StreamSessionID, message: String)
    /// The delay before reconnection attempt `attempt` is over (sent by the driver's timer).
    case retryDue(StreamSessionID, attempt: Int)
    /// The session cannot play and retrying will not help (e.g. HTTP 404, not audio, undecodable).
    case failed(StreamSessionID, message: String)
    /// The stream announced new metadata (ICY `StreamTitle`).
    case metadata(StreamSessionID, StreamMetadata)
    /// The session was moved to another time of a finite stream (a seek): its buffer was emptied and its source
    /// reads again from there, so input that had ended continues.
    case repositioned(StreamSessionID)

    /// The session this event reports on, or `nil` for events from the user, the app or media controls.
    public var session: StreamSessionID? {
        switch self {
        case .selected, .tapped, .playRequested, .pauseRequested, .stopRequested, .audioFocusLost:
            nil
        case .opened(let id, _), .buffered(let id, _), .stalled(let id), .inputEnded(let id), .finished(let id),
            .connectionLost(let id, _), .retryDue(let id, _), .failed(let id, _), .metadata(let id, _),
            .repositioned(let id):
            id
        }
    }
}
