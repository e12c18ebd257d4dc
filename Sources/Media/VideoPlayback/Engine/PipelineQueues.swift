import Foundation
import VideoCore

/// Everything between the feeders, the decoder threads and the window's pump, behind one lock: the packet
/// queues, the decoded frames and audio, and where the input stands. Bounded as ``QueuePolicy`` says: decoders
/// wait while their output queue is full, feeders while the media ahead is (``mayFetch(kind:)``).
///
/// A *generation* starts at every seek: ``flush(generation:seekTarget:)`` empties every queue and wakes every
/// waiter; anything tagged with an older generation is dropped where it arrives.
final class PipelineQueues: @unchecked Sendable {
    /// An entry of a packet queue.
    enum Entry {
        /// A packet to decode.
        case packet(Packet)
        /// The input of this generation has ended: drain the decoder.
        case end(generation: Int)
    }

    private let condition = NSCondition()
    private let policy: QueuePolicy
    private var videoPackets: [Entry] = []
    private var audioPackets: [Entry] = []
    private var frames: [VideoFrame] = []
    private var pcm: [PCMChunk] = []
    private var pcmSeconds = 0.0
    private var bytesHeld = 0
    private var current = 0
    private var closed = false
    /// Called (outside the lock) when something a waiting window would want to see arrives.
    private let onChange: @Sendable () -> Void

    // Per-generation state.
    private var seekGate: SeekGate?
    private var audioGate: SeekGate?
    private var delivered: [TrackKind: Double] = [:]
    private var requested: [TrackKind: Double] = [:]
    private var inputEnded: Set<TrackKind> = []
    private var decoderEnded: Set<StreamKind> = []
    private var position = 0.0
    private var kinds: Set<StreamKind>?

    /// The tracks that feed packets: the main variant track and, when the audio is separate, its rendition.
    enum TrackKind: Hashable, Sendable {
        /// The variant (video, and muxed audio if any), or the file.
        case main
        /// A separate audio rendition.
        case audio
    }

    init(policy: QueuePolicy, onChange: @escaping @Sendable () -> Void) {
        self.policy = policy
        self.onChange = onChange
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    // MARK: - Generations

    /// Starts generation `generation`: drops every queued packet, frame and sample, forgets the input's progress,
    /// and sets the seek target (nothing before it is shown or heard); wakes every waiting thread.
    func flush(generation: Int, seekTarget: Double?) {
        locked {
            current = generation
            videoPackets.removeAll()
            audioPackets.removeAll()
            frames.removeAll()
            pcm.removeAll()
            pcmSeconds = 0
            bytesHeld = 0
            seekGate = seekTarget.map { SeekGate(target: $0) }
            audioGate = seekTarget.map { SeekGate(target: $0) }
            delivered = [:]
            requested = [:]
            inputEnded = []
            decoderEnded = []
            if let seekTarget { position = seekTarget }
            condition.broadcast()
        }
    }

    /// The generation now (read under the lock: decoder threads and feeders compare theirs with it).
    var generation: Int { locked { current } }

    /// Stops everything: waiters return nil / false from now on.
    func close() {
        locked {
            closed = true
            videoPackets.removeAll()
            audioPackets.removeAll()
            frames.removeAll()
            pcm.removeAll()
            condition.broadcast()
        }
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool { locked { closed } }

    // MARK: - Feeders

    /// Records which kinds of media the stream has (the first answer stays: the first segment demuxed, or the file).
    func announce(kinds: Set<StreamKind>) {
        let first: Bool = locked {
            guard self.kinds == nil else { return false }
            self.kinds = kinds
            return true
        }
        if first { onChange() }
    }

    /// The kinds of media the stream has, once known.
    var mediaKinds: Set<StreamKind>? { locked { kinds } }

    /// Appends the packets of a segment of `generation` (ignored when stale) and records that `track` now reaches
    /// `end` on the time line.
    func deliver(_ packets: [Packet], track: TrackKind, end: Double, generation: Int) {
        let wasEmpty: Bool = locked {
            guard generation == current, !closed else { return false }
            let empty = frames.isEmpty && pcm.isEmpty
            for packet in packets {
                bytesHeld += packet.size
                switch packet.kind {
                case .video: videoPackets.append(.packet(packet))
                case .audio: audioPackets.append(.packet(packet))
                }
            }
            delivered[track] = max(delivered[track] ?? end, end)
            condition.broadcast()
            return empty
        }
        if wasEmpty { onChange() }
    }

    /// Records that a segment reaching `end` was requested on `track` (it bounds prefetching).
    func requested(track: TrackKind, end: Double, generation: Int) {
        locked {
            guard generation == current else { return }
            requested[track] = max(requested[track] ?? end, end)
        }
    }

    /// Marks the end of `track`'s input in `generation`: the decoders of `kinds` drain when they reach it.
    func endInput(track: TrackKind, kinds: Set<StreamKind>, generation: Int) {
        locked {
            guard generation == current else { return }
            inputEnded.insert(track)
            if kinds.contains(.video) { videoPackets.append(.end(generation: generation)) }
            if kinds.contains(.audio) { audioPackets.append(.end(generation: generation)) }
            condition.broadcast()
        }
        onChange()
    }

    /// Whether `track` may request another segment now (``QueuePolicy/mayFetch(aheadSeconds:bytesHeld:inFlight:)``).
    func mayFetch(track: TrackKind, inFlight: Int, generation: Int) -> Bool {
        locked {
            guard generation == current, !closed else { return false }
            let ahead = (requested[track] ?? position) - position
            return policy.mayFetch(aheadSeconds: ahead, bytesHeld: bytesHeld, inFlight: inFlight)
        }
    }

    /// Media seconds delivered ahead of the playhead on `track` (0 when nothing yet).
    func deliveredAhead(track: TrackKind) -> Double {
        locked { max(0, (delivered[track] ?? position) - position) }
    }

    // MARK: - Decoders

    /// The next entry for the decoder of `kind`, waiting while there is none; nil once closed.
    func nextPacket(_ kind: StreamKind) -> Entry? {
        condition.lock()
        defer { condition.unlock() }
        while !closed {
            switch kind {
            case .video:
                if !videoPackets.isEmpty {
                    let entry = videoPackets.removeFirst()
                    if case .packet(let p) = entry { bytesHeld -= p.size }
                    return entry
                }
            case .audio:
                if !audioPackets.isEmpty {
                    let entry = audioPackets.removeFirst()
                    if case .packet(let p) = entry { bytesHeld -= p.size }
                    return entry
                }
            }
            condition.wait()
        }
        return nil
    }

    /// Adds a decoded frame of `generation`, first passing it through the seek gate; waits while the queue is full.
    /// Returns false when the frame is dropped (stale, before the seek target, closed).
    @discardableResult
    func pushFrame(_ frame: VideoFrame, generation: Int) -> Bool {
        let notify: Bool? = {
            condition.lock()
            defer { condition.unlock() }
            while !closed && generation == current && !policy.mayQueueFrame(frames: frames.count) {
                condition.wait()
            }
            guard !closed, generation == current else { return nil }
            if seekGate != nil, seekGate?.keepVideo(pts: frame.time, duration: frame.duration) == false { return nil }
            let index = frames.firstIndex { $0.time > frame.time } ?? frames.endIndex
            frames.insert(frame, at: index)
            condition.broadcast()
            return frames.count == 1
        }()
        if notify == true { onChange() }
        return notify != nil
    }

    /// Adds decoded audio of `generation` (cut at the seek target); waits while the queue is full.
    func pushPCM(_ chunk: PCMChunk, generation: Int) {
        let notify: Bool = {
            condition.lock()
            defer { condition.unlock() }
            while !closed && generation == current && !policy.mayQueueAudio(seconds: pcmSeconds) {
                condition.wait()
            }
            guard !closed, generation == current else { return false }
            var chunk = chunk
            if audioGate != nil, let cut = audioGate?.audioSamplesToCut(pts: chunk.time, samples: chunk.frames, sampleRate: chunk.sampleRate), cut > 0 {
                guard cut < chunk.frames else { return false }
                chunk.samples.removeFirst(cut * chunk.channels)
                chunk.time += Double(cut) / Double(chunk.sampleRate)
            }
            pcm.append(chunk)
            pcmSeconds += chunk.duration
            condition.broadcast()
            return pcm.count == 1
        }()
        if notify { onChange() }
    }

    /// Records that the decoder of `kind` drained the end of `generation`'s input.
    func decoderEnded(_ kind: StreamKind, generation: Int) {
        locked {
            guard generation == current else { return }
            decoderEnded.insert(kind)
        }
        onChange()
    }

    // MARK: - The window's side

    /// Sets the playhead (the feeders bound prefetching by it).
    func setPosition(_ time: Double) {
        locked { position = time }
    }

    /// Times of the waiting frames, in order.
    var frameTimes: [Double] { locked { frames.map(\.time) } }

    /// Removes `drop` frames from the head, then takes the next one if `take`; wakes the video decoder.
    func takeFrames(drop: Int, take: Bool) -> VideoFrame? {
        locked {
            let count = min(drop, frames.count)
            frames.removeFirst(count)
            var frame: VideoFrame?
            if take, !frames.isEmpty { frame = frames.removeFirst() }
            if count > 0 || frame != nil { condition.broadcast() }
            return frame
        }
    }

    /// Removes up to `seconds` of decoded audio from the head (whole chunks, the last one split).
    func takePCM(seconds: Double) -> [PCMChunk] {
        locked {
            var taken: [PCMChunk] = []
            var remaining = seconds
            while remaining > 1e-9, !pcm.isEmpty {
                var chunk = pcm[0]
                if chunk.duration <= remaining {
                    pcm.removeFirst()
                    pcmSeconds -= chunk.duration
                    remaining -= chunk.duration
                    taken.append(chunk)
                } else {
                    let frames = max(1, Int(remaining * Double(chunk.sampleRate)))
                    var head = chunk
                    head.samples = Array(chunk.samples.prefix(frames * chunk.channels))
                    chunk.samples.removeFirst(frames * chunk.channels)
                    chunk.time += Double(frames) / Double(chunk.sampleRate)
                    pcm[0] = chunk
                    pcmSeconds -= head.duration
                    remaining = 0
                    taken.append(head)
                }
            }
            if !taken.isEmpty { condition.broadcast() }
            return taken
        }
    }

    /// A snapshot for the pump.
    struct Snapshot {
        /// Frames waiting.
        var frames: Int
        /// Seconds of decoded audio waiting.
        var pcmSeconds: Double
        /// End of the media delivered per track.
        var delivered: [TrackKind: Double]
        /// Tracks whose input ended.
        var inputEnded: Set<TrackKind>
        /// Decoders that drained their input's end.
        var decoderEnded: Set<StreamKind>
        /// Bytes of packets waiting.
        var bytesHeld: Int
        /// Time of the last frame waiting.
        var lastFrameEnd: Double?
    }

    /// The state for the pump.
    var snapshot: Snapshot {
        locked {
            Snapshot(frames: frames.count, pcmSeconds: pcmSeconds, delivered: delivered, inputEnded: inputEnded,
                     decoderEnded: decoderEnded, bytesHeld: bytesHeld, lastFrameEnd: frames.last.map { $0.time + $0.duration })
        }
    }
}
