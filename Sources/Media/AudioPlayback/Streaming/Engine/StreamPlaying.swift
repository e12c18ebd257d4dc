import PlayerCore

/// What runs PlayerCore's stream machine (``PlayerCore/StreamPlayer``) needs of the I/O side: sessions opened on
/// a ``PlayerCore/StreamSource``, reconnected, paused, resumed and closed, and the device given up. The
/// ``StreamAudioEngine`` is the one implementation (HTTP/ICY and live HLS, decoded into a bounded buffer, on the
/// shared device); MediaHost's loop runs the machine's commands on it with ``run(_:events:scheduleRetry:log:)``.
///
/// Implementations must return promptly (work happens on other threads or tasks) and may report from any thread,
/// including synchronously from inside a call.
public protocol StreamPlaying: Sendable {
    /// Opens session `id` on `source`: connect, decode into a bounded buffer, output paused. Reports through
    /// `events`, every event tagged with `id`: ``StreamEvent/opened(_:_:)`` per successful connection,
    /// ``StreamEvent/buffered(_:seconds:)`` as the buffer changes, ``StreamEvent/metadata(_:_:)``,
    /// ``StreamEvent/stalled(_:)`` when the output ran dry while playing, then for a finite stream
    /// ``StreamEvent/inputEnded(_:)`` and ``StreamEvent/finished(_:)``; ``StreamEvent/connectionLost(_:message:)``
    /// when the connection breaks (once per connection; the session then waits for ``reconnect(_:)``), or
    /// ``StreamEvent/failed(_:message:)`` when retrying cannot help.
    func open(_ id: StreamSessionID, source: StreamSource, events: @escaping @Sendable (StreamEvent) -> Void)
    /// Connects session `id` again after a lost connection, keeping what is buffered.
    func reconnect(_ id: StreamSessionID)
    /// Starts or resumes the session's output.
    func resume(_ id: StreamSessionID)
    /// Pauses the session's output, keeping its buffer and connection.
    func pause(_ id: StreamSessionID)
    /// Ends session `id`: closes the connection, drops the buffers, silences the output. Nothing more is reported
    /// for it. Unknown or closed IDs are ignored.
    func close(_ id: StreamSessionID)
    /// Gives up the audio device until the next ``open(_:source:events:)``.
    func releaseAudio()
}

extension StreamPlaying {
    /// Runs one of the stream machine's commands: the session commands on this player, a retry through
    /// `scheduleRetry` (delay in seconds, then the event to report when it is due), a problem through `log`. One
    /// place for what every host of a ``PlayerCore/StreamPlayer`` does (MediaHost's loop, the tests' rigs).
    ///
    /// ```swift
    /// for command in player.send(event) {
    ///     engine.run(command, events: { inbox.post($0) }, scheduleRetry: { timers.add($0, $1) }, log: { print($0) })
    /// }
    /// ```
    public func run(_ command: StreamCommand, events: @escaping @Sendable (StreamEvent) -> Void,
                    scheduleRetry: (Double, StreamEvent) -> Void, log: (String) -> Void) {
        switch command {
        case .open(let id, let source):
            open(id, source: source, events: events)
        case .reconnect(let id):
            reconnect(id)
        case .scheduleRetry(let id, let attempt, let delay):
            scheduleRetry(delay, .retryDue(id, attempt: attempt))
        case .resumePlayback(let id):
            resume(id)
        case .pausePlayback(let id):
            pause(id)
        case .close(let id):
            close(id)
        case .releaseAudio:
            releaseAudio()
        case .reportProblem(let message):
            log(message)
        }
    }
}
