/// A running live recording: its events, a way to stop it cleanly, and its result.
///
/// ```swift
/// let recording = downloader.record(from: url, to: "/tmp/radio.ts", options: LiveRecordingOptions(duration: 60))
/// Task { for await event in recording.events { print(event) } }
/// let result = try await recording.result()     // after 60 s of media, EXT-X-ENDLIST, or stop()
/// print(result.recordedDuration, result.gapCount)
/// ```
public struct LiveRecording: Sendable {
    /// Recorded segments, gaps and drops, in media-sequence order (one consumer; bounded, see ``LiveEvents``).
    public let events: LiveEvents
    private let task: Task<LiveRecordingResult, any Error>
    private let stopSignal: LiveStopSignal

    init(events: LiveEvents, task: Task<LiveRecordingResult, any Error>, stopSignal: LiveStopSignal) {
        self.events = events
        self.task = task
        self.stopSignal = stopSignal
    }

    /// Ends the recording now with a complete file: requests in flight are abandoned, every segment already
    /// appended stays, and `FILE.part` is renamed to `FILE`. ``result()`` then reports ``LiveStopReason/stopped``.
    public func stop() {
        stopSignal.fire()
    }

    /// Waits for the end of the recording. Throws ``DownloadError`` when it failed before recording anything
    /// (or was cancelled with ``cancel()``); a failure after that ends it with ``LiveStopReason/failed(_:)``
    /// and the file of what was recorded.
    public func result() async throws -> LiveRecordingResult {
        try await task.value
    }

    /// Abandons the recording: nothing is renamed, `FILE.part` is removed, ``result()`` throws `.cancelled`.
    public func cancel() {
        task.cancel()
    }
}

/// A one-shot signal from ``LiveRecording/stop()`` to the recording loop.
final class LiveStopSignal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks the recording to stop.
    func fire() {
        continuation.yield()
        continuation.finish()
    }

    /// Returns once ``fire()`` was called (or at once if it was); returns `false` if cancelled first.
    func wait() async -> Bool {
        for await _ in stream { return true }
        return !Task.isCancelled
    }
}
