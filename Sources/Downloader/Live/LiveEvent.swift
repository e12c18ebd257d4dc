/// One element of a live recording's ``LiveEvents`` sequence, in media-sequence order: a recorded segment, a
/// gap (segments the recording does not have), or a run of events dropped because the consumer fell behind.
///
/// ```swift
/// for await event in recording.events {
///     switch event {
///     case .segment(let segment): player.enqueue(segment.bytes ?? [], discontinuity: segment.discontinuity)
///     case .gap(let gap): print("missed \(gap.missedSegments) segment(s): \(gap.reason)")
///     case .dropped(let drop): print("fell behind; \(drop.segments) segment(s) are only in the file")
///     }
/// }
/// ```
public enum LiveEvent: Sendable, Equatable {
    /// A segment appended to the recording.
    case segment(LiveSegment)
    /// Media sequence numbers that the recording skips, and why.
    case gap(LiveGap)
    /// Events the consumer did not take in time, merged to keep memory bounded (see ``LiveEvents``).
    case dropped(LiveDrop)
}

/// A recorded media segment.
public struct LiveSegment: Sendable, Equatable {
    /// Media sequence number (RFC 8216 §3, `EXT-X-MEDIA-SEQUENCE` + position).
    public var sequenceNumber: Int
    /// Discontinuity sequence number (§4.3.3.3).
    public var discontinuitySequence: Int
    /// `EXTINF` duration in seconds.
    public var duration: Double
    /// Whether the timeline may jump before this segment: it follows an `EXT-X-DISCONTINUITY` (§4.3.2.3), its
    /// discontinuity sequence differs from the previous recorded segment's, or a gap precedes it.
    public var discontinuity: Bool
    /// The segment's URI.
    public var uri: String
    /// Where its bytes were written (with a file output).
    public var file: LiveFileRegion?
    /// Its bytes (decrypted, with its init section when one starts here), when the options ask for them
    /// or there is no file.
    public var bytes: [UInt8]?
    /// Recorded media seconds up to and including this segment.
    public var recordedDuration: Double

    /// Creates a segment record.
    public init(sequenceNumber: Int, discontinuitySequence: Int, duration: Double, discontinuity: Bool, uri: String,
                file: LiveFileRegion?, bytes: [UInt8]?, recordedDuration: Double) {
        self.sequenceNumber = sequenceNumber
        self.discontinuitySequence = discontinuitySequence
        self.duration = duration
        self.discontinuity = discontinuity
        self.uri = uri
        self.file = file
        self.bytes = bytes
        self.recordedDuration = recordedDuration
    }
}

/// Bytes of a file: `length` bytes at `offset` of `path`.
public struct LiveFileRegion: Sendable, Equatable {
    /// The file written while recording (`FILE.part`; renamed to `FILE` when the recording stops).
    public var path: String
    /// Offset of the first byte.
    public var offset: Int64
    /// Number of bytes.
    public var length: Int

    /// Creates a region.
    public init(path: String, offset: Int64, length: Int) {
        self.path = path
        self.offset = offset
        self.length = length
    }
}

/// Media sequence numbers a recording does not have.
public struct LiveGap: Sendable, Equatable, CustomStringConvertible {
    /// Why the segments are missing.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The playlist window slid past them before they were fetched (the reload came too late, or the
        /// server publishes faster than real time).
        case windowSlid
        /// Fetching failed after the retries its failure class allows.
        case fetchFailed(DownloadError)
        /// The media sequence went backwards (the encoder restarted); nothing is known of what was between.
        case sequenceRestarted

        /// In words.
        public var description: String {
            switch self {
            case .windowSlid: "no longer in the playlist when it was reloaded"
            case .fetchFailed(let error): "fetching failed: \(error)"
            case .sequenceRestarted: "the media sequence restarted"
            }
        }
    }

    /// The missing media sequence numbers (for ``Reason/sequenceRestarted``: the last one recorded + 1 up to
    /// the first one recorded after the restart − 1, possibly empty).
    public var sequences: ClosedRange<Int>?
    /// Why.
    public var reason: Reason
    /// Seconds missed: exact for failed segments, estimated from the target duration for segments never seen.
    public var estimatedDuration: Double

    /// Creates a gap.
    public init(sequences: ClosedRange<Int>?, reason: Reason, estimatedDuration: Double) {
        self.sequences = sequences
        self.reason = reason
        self.estimatedDuration = estimatedDuration
    }

    /// Number of missing segments.
    public var missedSegments: Int { sequences?.count ?? 0 }

    /// `media sequence 40-41 (~4.0 s): no longer in the playlist when it was reloaded`.
    public var description: String {
        let range = sequences.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" } ?? "-"
        let seconds = (estimatedDuration * 10).rounded() / 10
        return "media sequence \(range) (~\(seconds) s): \(reason)"
    }
}

/// Events merged because the consumer of ``LiveEvents`` fell behind (the recording itself went on).
public struct LiveDrop: Sendable, Equatable {
    /// Recorded segments whose events were dropped (they are in the file, if any).
    public var segments: Int = 0
    /// Their seconds.
    public var duration: Double = 0
    /// Gap events dropped, and the segments they missed.
    public var gaps: Int = 0
    /// Segments missed by those gaps.
    public var missedSegments: Int = 0
    /// Media sequence numbers covered by the dropped events.
    public var sequences: ClosedRange<Int>?

    /// An empty drop.
    public init() {}

    /// Adds `event` to the drop.
    mutating func absorb(_ event: LiveEvent) {
        switch event {
        case .segment(let segment):
            segments += 1
            duration += segment.duration
            extend(segment.sequenceNumber ... segment.sequenceNumber)
        case .gap(let gap):
            gaps += 1
            missedSegments += gap.missedSegments
            if let range = gap.sequences { extend(range) }
        case .dropped(let other):
            segments += other.segments
            duration += other.duration
            gaps += other.gaps
            missedSegments += other.missedSegments
            if let range = other.sequences { extend(range) }
        }
    }

    private mutating func extend(_ range: ClosedRange<Int>) {
        guard let current = sequences else {
            sequences = range
            return
        }
        sequences = min(current.lowerBound, range.lowerBound) ... max(current.upperBound, range.upperBound)
    }
}
