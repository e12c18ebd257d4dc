import Downloader
import Foundation
import VideoCore

/// What the demuxer gets for one segment — the "playlist → decoder input" step, pure (no I/O):
///
/// | playlist | bytes fed to libavformat |
/// |---|---|
/// | MPEG-TS segments | the segment (its `EXT-X-BYTERANGE` slice when given), decrypted |
/// | fMP4/CMAF with `EXT-X-MAP` | the init section (its byte range), then the segment: the `moov` before the `moof`/`mdat`, as one fragmented MP4 |
/// | separate audio rendition | its own segments, through the same rules, into the audio decoder only |
/// | audio muxed in the variant | the variant's segments feed both decoders |
///
/// A job also carries where the segment sits on the playlist's time line and its discontinuity domain
/// (``TimestampMapper``).
struct SegmentJob: Sendable, Equatable {
    /// The segment (URI, byte range, key, init section, sequence numbers).
    var segment: MediaSegment
    /// Start on the playlist's time line, seconds.
    var start: Double
    /// Its `EXTINF` duration.
    var duration: Double
    /// The variant (catalog id) it belongs to; nil for a separate audio rendition.
    var variantID: Int?
    /// Index in its playlist (for error messages).
    var index: Int

    /// Where the segment ends on the time line.
    var end: Double { start + duration }
    /// Its discontinuity domain.
    var domain: Int { segment.discontinuitySequence }
    /// Whether it needs its init section in front.
    var initSection: InitSection? { segment.initSection }
    /// How errors name it: `segment 3 (http://h/v1/seg03.ts)`.
    var label: String { "segment \(index) (\(segment.uri.absoluteString)\(segment.byteRange.map { " bytes \($0.offset)-\($0.upperBound - 1)" } ?? ""))" }
}

/// A media playlist placed on the playlist's time line, and the jobs it yields.
struct SegmentPlan: Sendable {
    /// The playlist.
    var playlist: MediaPlaylist
    /// Start of every segment.
    var starts: [Double]

    /// A VOD (or first live) plan: segments start at `origin` + the sum of the durations before them.
    init(playlist: MediaPlaylist, origin: Double = 0) {
        self.playlist = playlist
        starts = MediaTimeline(durations: playlist.segments.map(\.duration), origin: origin).starts
    }

    /// A live plan whose starts come from a ``LiveTimeline`` (by media sequence number).
    init(playlist: MediaPlaylist, live: inout LiveTimeline) {
        self.playlist = playlist
        starts = live.update(firstSequence: playlist.mediaSequence, durations: playlist.segments.map(\.duration),
                             targetDuration: Double(playlist.targetDuration))
    }

    /// The time line.
    var timeline: MediaTimeline {
        MediaTimeline(durations: playlist.segments.map(\.duration), origin: starts.first ?? 0)
    }

    /// The job for segment `index`, if it exists.
    func job(at index: Int, variantID: Int?) -> SegmentJob? {
        guard playlist.segments.indices.contains(index), starts.indices.contains(index) else { return nil }
        let segment = playlist.segments[index]
        return SegmentJob(segment: segment, start: starts[index], duration: segment.duration, variantID: variantID, index: index)
    }

    /// The job for the segment containing `time` (a small tolerance so that a time exactly at a boundary, give or
    /// take rounding, picks the later segment), or nil past the end.
    func job(containing time: Double, variantID: Int?) -> SegmentJob? {
        guard let last = starts.indices.last else { return nil }
        let end = starts[last] + playlist.segments[last].duration
        guard time < end - 1e-3 else { return nil }
        guard let index = timeline.segment(containing: time + 1e-3) else { return nil }
        return job(at: index, variantID: variantID)
    }

    /// The job with media sequence number `sequence`, if listed.
    func job(sequence: Int, variantID: Int?) -> SegmentJob? {
        job(at: sequence.saturatingSubtracting(playlist.mediaSequence), variantID: variantID)
    }

    /// The bytes to demux: the init section's bytes (when the segment has one) followed by the segment's.
    static func demuxerInput(initBytes: [UInt8]?, segmentBytes: [UInt8]) -> [UInt8] {
        guard let initBytes, !initBytes.isEmpty else { return segmentBytes }
        return initBytes + segmentBytes
    }
}
