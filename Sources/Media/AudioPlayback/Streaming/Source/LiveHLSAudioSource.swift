import Downloader
import Foundation
import PlayerCore

/// A live HLS playlist played while the Downloader records it: each connection starts a recording at the live
/// edge (``Downloader/HLSDownloader/record(from:to:options:)``, RFC 8216 §6.3.3) **into memory** — no file, the
/// segments' bytes travel in the recording's events (`deliversBytes`) — and plays its segments through
/// ``TransportSegmentAudioSource`` (MPEG-TS demultiplexed, MPEG audio decoded).
///
/// How the recorder's events map onto the segment source:
///
/// | recorder event | what the player gets |
/// |---|---|
/// | `.segment(s)` | the segment's bytes; `s.discontinuity` (an `EXT-X-DISCONTINUITY`, a changed discontinuity sequence, or the segment after a gap) restarts the demuxer and the decoder |
/// | `.gap(g)` (window slid, segment failed, sequence restarted) | nothing is invented: the next segment is a discontinuity; `onGap` gets a line |
/// | `.dropped(d)` (the player fell more than `eventBufferLimit` events behind) | the next segment is a discontinuity; `onGap` gets a line |
/// | the events end after `EXT-X-ENDLIST` | the end of the stream (`.end`) |
/// | the events end otherwise (failure, stop) | a lost connection: the stream machine reconnects (a new recording at the live edge) with its back-off |
///
/// **Memory is bounded however long it plays.** Nothing is written to disk; at most `eventBufferLimit` (8 here:
/// about 8 segments) wait in the recording's event queue — the recorder keeps fetching, and when the player falls
/// behind the oldest are merged into one `.dropped` (a discontinuity) rather than queued — plus the segment being
/// demultiplexed and the session's bounded PCM buffer. Closing the connection cancels the recording.
///
/// ```swift
/// let engine = StreamAudioEngine(output: .opened { AudioOutputFactory.makeBest() },
///                                source: LiveHLSAudioSource.factory(downloader: HLSDownloader()))
/// driver.send(.selected(StreamRequest(source: .liveHLS(playlist: url), isLive: true)))
/// ```
public final class LiveHLSAudioSource: AudioStreamSource, Sendable {
    private let inner: TransportSegmentAudioSource<AsyncThrowingStream<TransportStreamSegment, any Error>>

    /// Plays `playlist` (a master or media playlist; the best audio track is chosen) with `downloader`.
    /// - Parameters:
    ///   - eventBufferLimit: recorder events kept for a player that falls behind (segments, not bytes).
    ///   - onGap: a line for every gap or drop (logging); called on the recording's task.
    public init(playlist: URL, downloader: HLSDownloader, eventBufferLimit: Int = 8,
                onGap: @escaping @Sendable (String) -> Void = { _ in }) {
        inner = TransportSegmentAudioSource(details: StreamDetails(isLive: true)) {
            Self.segments(playlist: playlist, downloader: downloader, eventBufferLimit: eventBufferLimit, onGap: onGap)
        }
    }

    /// Starts a recording and returns its segments; the recording is cancelled when the sequence is dropped.
    static func segments(playlist: URL, downloader: HLSDownloader, eventBufferLimit: Int,
                         onGap: @escaping @Sendable (String) -> Void)
        -> AsyncThrowingStream<TransportStreamSegment, any Error>
    {
        var options = LiveRecordingOptions()
        options.deliversBytes = true
        options.eventBufferLimit = max(2, eventBufferLimit)
        let recording = downloader.record(from: playlist, to: nil, options: options)
        // One segment in flight between the recording's queue and the demuxer: the queue is the buffer.
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: TransportStreamSegment.self, bufferingPolicy: .unbounded)
        let pump = Task {
            var discontinuity = false
            for await event in recording.events {
                if Task.isCancelled { break }
                switch event {
                case .segment(let segment):
                    guard let bytes = segment.bytes else { continue }
                    continuation.yield(TransportStreamSegment(bytes: bytes, discontinuity: segment.discontinuity || discontinuity))
                    discontinuity = false
                case .gap(let gap):
                    discontinuity = true
                    onGap("live HLS \(playlist.absoluteString): \(gap)")
                case .dropped(let drop):
                    discontinuity = true
                    onGap("live HLS \(playlist.absoluteString): the player fell behind; \(drop.segments) segment(s) (\(String(format: "%.1f", drop.duration)) s) skipped")
                }
            }
            do {
                let result = try await recording.result()
                if result.stopReason == .endList {
                    continuation.finish()
                } else {
                    continuation.finish(throwing: AudioStreamError(retryable: true, "the live recording stopped: \(result.stopReason)"))
                }
            } catch {
                continuation.finish(throwing: AudioStreamError(retryable: Self.isRetryable(error), "\(error)"))
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            recording.cancel()
        }
        return stream
    }

    /// A playlist that is not there (404/410), not a playlist, or has no audio cannot be cured by retrying.
    private static func isRetryable(_ error: any Error) -> Bool {
        guard let error = error as? DownloadError else { return true }
        switch error.kind {
        case .httpStatus(let code): return code == 408 || code == 429 || code >= 500
        case .invalidPlaylist, .noAudioTrack, .noMatchingTrack, .unsupportedEncryption, .unsupportedURL: return false
        default: return true
        }
    }

    /// Opens a connection: a new recording at the live edge.
    public func connect() async throws -> any AudioStreamConnection {
        try await inner.connect()
    }

    /// A ``StreamAudioEngine/SourceFactory`` for both kinds of source: HTTP through the engine's default,
    /// `.liveHLS` through a ``LiveHLSAudioSource`` recording with `downloader`.
    public static func factory(downloader: HLSDownloader, configuration: StreamEngineConfiguration = StreamEngineConfiguration(),
                               onGap: @escaping @Sendable (String) -> Void = { _ in })
        -> StreamAudioEngine.SourceFactory
    {
        let http = StreamAudioEngine.defaultSource(configuration: configuration)
        return { source, client throws(AudioStreamError) in
            switch source {
            case .http:
                return try http(source, client)
            case .liveHLS(let playlist):
                return LiveHLSAudioSource(playlist: playlist, downloader: downloader, onGap: onGap)
            }
        }
    }
}
