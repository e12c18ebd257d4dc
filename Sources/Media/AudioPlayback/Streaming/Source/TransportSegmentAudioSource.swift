import MPEGTS
import PlayerCore

/// One MPEG-TS segment of a segmented stream (e.g. a live HLS recording), as ``TransportSegmentAudioSource``
/// plays it.
public struct TransportStreamSegment: Sendable, Equatable {
    /// The segment's bytes (188-byte TS packets).
    public var bytes: [UInt8]
    /// Whether the audio does not continue the previous segment's: an `EXT-X-DISCONTINUITY`, or segments the
    /// recorder dropped before this one (a gap). The decoder starts afresh.
    public var discontinuity: Bool

    /// Creates a segment.
    public init(bytes: [UInt8], discontinuity: Bool = false) {
        self.bytes = bytes
        self.discontinuity = discontinuity
    }
}

/// A stream made of MPEG-TS segments (a live HLS playlist being recorded): each connection asks `segments` for a
/// sequence starting at the live edge, demultiplexes the MPEG audio out of each segment with MPEGTS and hands it
/// to the session's decoder. A discontinuity, a gap, and every reconnection restart the decoder.
///
/// The sequence's normal end is the end of the stream (``AudioStreamElement/end``: a playlist with
/// `EXT-X-ENDLIST`); an error thrown by it is a lost connection (retryable). AAC audio is refused: only MPEG
/// audio is decoded.
///
/// ```swift
/// let source = TransportSegmentAudioSource(details: StreamDetails(isLive: true)) {
///     recorder.segments().map { TransportStreamSegment(bytes: $0.data, discontinuity: $0.discontinuity) }
/// }
/// ```
public final class TransportSegmentAudioSource<Segments: AsyncSequence & Sendable>: AudioStreamSource, Sendable
where Segments.Element == TransportStreamSegment {
    private let details: StreamDetails
    private let segments: @Sendable () async throws -> Segments

    /// Creates a source; `segments` is called once per connection and should start at the live edge.
    public init(details: StreamDetails, segments: @escaping @Sendable () async throws -> Segments) {
        self.details = details
        self.segments = segments
    }

    /// Asks for a new segment sequence; the connection starts with `.opened` and a discontinuity.
    public func connect() async throws -> any AudioStreamConnection {
        let sequence = try await Self.playlistErrors { try await segments() }
        return SegmentConnection(details: details, iterator: sequence.makeAsyncIterator())
    }

    /// Runs `body`; its stream errors and cancellation pass through, anything else (the playlist's fetching or
    /// parsing) becomes a retryable ``AudioStreamError``.
    private static func playlistErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AudioStreamError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw AudioStreamError(retryable: true, "live playlist: \(error)")
        }
    }

    private final class SegmentConnection: AudioStreamConnection {
        private var iterator: Segments.AsyncIterator
        private var pending: [AudioStreamElement]
        private var demuxer = TransportStreamDemuxer(selection: .firstAudio)
        private var finished = false

        init(details: StreamDetails, iterator: Segments.AsyncIterator) {
            self.iterator = iterator
            pending = [.opened(details), .discontinuity]
        }

        func next() async throws -> AudioStreamElement? {
            while pending.isEmpty {
                guard !finished else { return nil }
                let segment = try await TransportSegmentAudioSource.playlistErrors { try await self.iterator.next() }
                guard let segment else {
                    finished = true
                    pending += audio(demuxer.finish())
                    pending.append(.end)
                    continue
                }
                if segment.discontinuity {
                    pending += audio(demuxer.finish())
                    demuxer = TransportStreamDemuxer(selection: .firstAudio)
                    pending.append(.discontinuity)
                }
                do {
                    pending += audio(try demuxer.feed(segment.bytes))
                } catch {
                    throw AudioStreamError(retryable: false, "live playlist segment: \(error)")
                }
                if let stream = demuxer.selectedAudioStream, case .audio(let codec) = stream.kind, !codec.isMPEGAudio {
                    throw AudioStreamError(retryable: false, "the live stream's audio is \(codec); only MPEG audio is decoded")
                }
            }
            return pending.removeFirst()
        }

        private func audio(_ chunks: [ElementaryStreamChunk]) -> [AudioStreamElement] {
            chunks.filter { !$0.data.isEmpty }.map { .audio($0.data) }
        }
    }
}
