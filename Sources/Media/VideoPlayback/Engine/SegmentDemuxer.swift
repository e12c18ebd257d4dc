import CFFmpeg
import Foundation
import VideoCore

/// Turns one fetched segment (init section and media bytes, see ``SegmentPlan``) into packets on the playlist's
/// time line: demuxes it whole from memory, anchors its timestamps (``TimestampMapper``: the first video key
/// frame, else the first audio packet, is the segment's start in its discontinuity domain) and shifts every
/// packet by the anchor.
enum SegmentDemuxer {
    /// The outcome: the packets, and the error that cut the segment short (nil when it read to its end).
    struct Result {
        /// Packets in file order.
        var packets: [Packet]
        /// Why reading stopped early, if it did (a corrupt segment).
        var error: FFmpegError?
        /// Whether the segment had a video stream.
        var hasVideo: Bool
        /// Whether it had an audio stream.
        var hasAudio: Bool
        /// The container time the segment was anchored by (nil: no packet had a time).
        var firstTime: Double?
    }

    /// Demuxes `bytes` of `job` for the decoders of `kinds`, anchoring its domain when it is the first segment of
    /// it (`follow` false) or using the anchor another track fixed (`follow` true: a separate audio rendition
    /// follows the video's, waiting up to `followLimit` for it; after that it anchors itself).
    static func demux(_ bytes: [UInt8], job: SegmentJob, mapper: Locked<TimestampMapper>, generation: Int,
                      kinds: Set<StreamKind>, follow: Bool = false, followLimit: Duration = .seconds(3)) async -> Result {
        // The container the playlist says (an EXT-X-MAP: fMP4) or the RFC marks (ID3: packed audio), never a probe.
        let container = SegmentContainer.of(hasInitSection: job.initSection != nil, bytes: bytes)
        var result = read(bytes, job: job, container: container, generation: generation, kinds: kinds)
        guard let first = result.firstTime else {
            // Bytes that are not TS at all: that is the news, whatever error the mpegts demuxer gave on them.
            let notTS = container == .mpegTS && bytes.first != 0x47
            result.error = (notTS ? nil : result.error) ?? FFmpegError("demuxing \(job.label)", message: notTS
                ? "not an MPEG-TS segment (no sync byte 0x47 at its start); a segment is MPEG-TS, fMP4 after its EXT-X-MAP, or packed audio after an ID3 tag (RFC 8216 §3), and is read as nothing else"
                : result.hasVideo || result.hasAudio
                    ? "no packet has a timestamp the player can use (beyond ±2^53 µs, or none)"
                    : "no audio or video packets in it as \(container)")
            result.packets = []
            return result
        }
        var anchor: Double?
        if follow {
            let deadline = ContinuousClock.now + followLimit
            while anchor == nil && ContinuousClock.now < deadline && !Task.isCancelled {
                anchor = mapper.withLock { $0.anchor(of: job.domain) }
                if anchor == nil { try? await Task.sleep(for: .milliseconds(20)) }
            }
        }
        let chosen = anchor ?? mapper.withLock { $0.anchor(domain: job.domain, firstTimestamp: first, segmentStart: job.start) }
        // Timestamps are within ±2^53 µs (MediaDemuxer.maxTimestamp) and so is the anchor, unless the segment's
        // start is absurd: then the packets lose their times (MediaDemuxer.shifted) rather than overflow.
        let shift = Int64(saturating: (chosen * 1_000_000).rounded())
        for packet in result.packets {
            let raw = packet.packet
            raw.pointee.pts = MediaDemuxer.shifted(raw.pointee.pts, by: shift)
            raw.pointee.dts = MediaDemuxer.shifted(raw.pointee.dts, by: shift)
            packet.time = raw.pointee.pts != cff_nopts() || raw.pointee.dts != cff_nopts() ? packet.time.map { $0 - chosen } : nil
        }
        return result
    }

    /// Reads every packet of the segment, timestamps as in the container (seconds), and the time to anchor by:
    /// the first video key frame's, else the first video packet's, else the first audio packet's.
    private static func read(_ bytes: [UInt8], job: SegmentJob, container: SegmentContainer, generation: Int,
                             kinds: Set<StreamKind>) -> Result {
        var packets: [Packet] = []
        var failure: FFmpegError?
        var hasVideo = false
        var hasAudio = false
        var key: Double?
        var firstVideo: Double?
        var firstAudio: Double?
        do {
            let demuxer = try MediaDemuxer(bytes: bytes, label: job.label, container: container)
            while let packet = try demuxer.next(anchorSeconds: 0, generation: generation, variantID: job.variantID,
                                                kinds: [.video, .audio]) {
                if packet.kind == .video {
                    hasVideo = true
                    if firstVideo == nil { firstVideo = packet.time }
                    if key == nil, packet.isKey { key = packet.time }
                } else {
                    hasAudio = true
                    if firstAudio == nil { firstAudio = packet.time }
                }
                if kinds.contains(packet.kind) { packets.append(packet) }
                if packets.count > 100_000 { break }
            }
        } catch {
            failure = error
        }
        return Result(packets: packets, error: failure, hasVideo: hasVideo, hasAudio: hasAudio,
                      firstTime: key ?? firstVideo ?? firstAudio)
    }
}
