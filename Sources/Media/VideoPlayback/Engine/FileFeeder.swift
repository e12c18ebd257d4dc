import Foundation
import VideoCore

/// Feeds the pipeline from a local media file (MP4, MPEG-TS, MKV …) through libavformat's own file reading, on
/// a thread of its own. Position 0 is the file's first timestamp (`start_time`). A seek reopens at the key frame
/// before the target (`avformat_seek_file` backwards); the decoders discard what lies before it (``SeekGate``).
/// Reading pauses while 30 s of media or 60 MB are waiting (``QueuePolicy``), as a download would.
final class FileFeeder: @unchecked Sendable {
    private let path: String
    private let queues: PipelineQueues
    private let report: @Sendable (FeedReport) -> Void
    private let running = Locked<(stop: Locked<Bool>?, opened: Bool)>((nil, false))

    init(path: String, queues: PipelineQueues, report: @escaping @Sendable (FeedReport) -> Void) {
        self.path = path
        self.queues = queues
        self.report = report
    }

    /// Starts reading for `generation` from `start` (seconds from the file's start; nil: the beginning).
    func start(from start: Double?, generation: Int) {
        let stop = Locked(false)
        let previous = running.withLock { state -> Locked<Bool>? in
            let previous = state.stop
            state.stop = stop
            return previous
        }
        previous?.withLock { $0 = true }
        let thread = Thread { [self] in read(from: start, generation: generation, stop: stop) }
        thread.name = "file reader"
        thread.start()
    }

    /// Stops reading.
    func stop() {
        running.withLock { $0.stop }?.withLock { $0 = true }
    }

    private func read(from start: Double?, generation: Int, stop: Locked<Bool>) {
        let demuxer: MediaDemuxer
        do {
            demuxer = try MediaDemuxer(path: path)
        } catch {
            report(.failed(error.description))
            return
        }
        let origin = demuxer.startTime ?? 0
        if !running.withLock({ $0.opened }) {
            running.withLock { $0.opened = true }
            if demuxer.videoParameters == nil && demuxer.audioParameters == nil {
                report(.failed("\(path): no audio or video stream"))
                return
            }
            var kinds: Set<StreamKind> = []
            if demuxer.videoParameters != nil { kinds.insert(.video) }
            if demuxer.audioParameters != nil { kinds.insert(.audio) }
            queues.announce(kinds: kinds)
            report(.opened(VideoInfo(duration: demuxer.duration, isLive: false), variants: nil, separateAudio: false))
        }
        if let start, start > 0 {
            do { try demuxer.seek(toContainerSeconds: origin + start) } catch { report(.skipped(error.description)) }
        }
        var batch: [Packet] = []
        var end = start ?? 0
        while !stop.withLock({ $0 }) && !queues.isClosed {
            guard queues.mayFetch(track: .main, inFlight: 0, generation: generation) else {
                if !batch.isEmpty {
                    queues.deliver(batch, track: .main, end: end, generation: generation)
                    batch = []
                }
                Thread.sleep(forTimeInterval: 0.02)
                continue
            }
            let packet: Packet?
            do {
                packet = try demuxer.next(anchorSeconds: origin, generation: generation, variantID: nil, kinds: [.video, .audio])
            } catch {
                report(.skipped(error.description))
                packet = nil
            }
            guard let packet else {
                queues.deliver(batch, track: .main, end: end, generation: generation)
                queues.endInput(track: .main, kinds: [.video, .audio], generation: generation)
                return
            }
            if let time = packet.time { end = max(end, time + packet.duration) }
            batch.append(packet)
            if batch.count >= 32 {
                queues.requested(track: .main, end: end, generation: generation)
                queues.deliver(batch, track: .main, end: end, generation: generation)
                batch = []
            }
        }
    }
}
