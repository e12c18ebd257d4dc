/// A side effect a ``StreamPlayer`` asks for, returned from ``StreamPlayer/send(_:)`` and run by its host (MediaHost,
/// on AudioPlayback's stream engine) in the order given. Results come back as ``StreamEvent``s tagged with the session.
public enum StreamCommand: Equatable, Sendable {
    /// Connect to `source` and fill the session's buffer (its output starts paused); report
    /// ``StreamEvent/opened(_:_:)``, ``StreamEvent/buffered(_:seconds:)``, metadata, and how it ends.
    case open(StreamSessionID, source: StreamSource)
    /// Connect again for a session whose connection was lost, keeping the audio already buffered: a finite
    /// stream continues where its bytes stopped (an HTTP `Range` request), a live one at the live edge.
    case reconnect(StreamSessionID)
    /// Report ``StreamEvent/retryDue(_:attempt:)`` for `attempt` after `after` seconds (the machine reads no clock).
    case scheduleRetry(StreamSessionID, attempt: Int, after: Double)
    /// Start or resume playing the session's buffer.
    case resumePlayback(StreamSessionID)
    /// Stop playing the session's buffer, keeping it (and the connection).
    case pausePlayback(StreamSessionID)
    /// End the session: close the connection, drop its buffers and stop its output; nothing more is reported.
    case close(StreamSessionID)
    /// Give up the audio device, so another source can have it.
    case releaseAudio
    /// Something the developer should see in the log (a lost connection being retried); changes nothing.
    case reportProblem(String)
}
