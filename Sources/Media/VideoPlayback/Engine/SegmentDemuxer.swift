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
    }

    /// Demuxes `bytes` of `job` for the decoders of `kinds`.
    static func demux(_ bytes: [UInt8], job: SegmentJob, mapper: Locked<TimestampMapper>, generation: Int,
                      kinds: Set<StreamKind>) -> Result {
        var packets: [Packet] = []
        var failure: FFmpegError?
        var hasVideo = false
        var hasAudio = false
        do {
            let demuxer = try MediaDemuxer(bytes: bytes, label: job.label)
            while let packet = try demuxer.next(anchorSeconds: 0, generation: generation, variantID: job.variantID,
                                                kinds: [.video, .audio]) {
                if packet.kind == .video { hasVideo = true } else { hasAudio = true }
                if kinds.contains(packet.kind) { packets.append(packet) }
                if packets.count > 100_000 { break }
            }
        } catch {
            failure = error
        }
        // Anchor: the first video key frame's time, else the first audio packet's.
        let first = packets.first { $0.kind == .video && $0.isKey }?.time ?? packets.first { $0.kind == .video }?.time
            ?? packets.first { $0.kind == .audio }?.time
        guard let first else {
            return Result(packets: [], error: failure ?? FFmpegError("demuxing \(job.label)", message: "no audio or video packets"),
                          hasVideo: hasVideo, hasAudio: hasAudio)
        }
        let anchor = mapper.withLock { $0.anchor(domain: job.domain, firstTimestamp: first, segmentStart: job.start) }
        let shift = Int64((anchor * 1_000_000).rounded())
        for packet in packets {
            let raw = packet.packet
            if raw.pointee.pts != cff_nopts() { raw.pointee.pts -= shift }
            if raw.pointee.dts != cff_nopts() { raw.pointee.dts -= shift }
            packet.time = packet.time.map { $0 - anchor }
        }
        return Result(packets: packets, error: failure, hasVideo: hasVideo, hasAudio: hasAudio)
    }
}

/// A value behind a lock, for state shared between threads and tasks (the timestamp mapper, the ABR).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// A box holding `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
