import AudioPlayback
import Downloader
import Foundation
import VideoCore

/// One opened video: the feeder (HLS or file), the queues, the decoder threads and what they report. Created by
/// ``VideoEngine`` for a `load` command and torn down by `close`.
///
/// ```
///  HLSFeeder / FileFeeder ──packets──▶ PipelineQueues ──▶ video DecoderThread ──frames──▶ ┐
///   (fetch, ABR, demux)                               └──▶ audio DecoderThread ──PCM─────▶ ├─ VideoEngine.pump
/// ```
final class PlaybackSession: @unchecked Sendable {
    let id: VideoSessionID
    let request: VideoRequest
    let queues: PipelineQueues
    let abr = ABRController()
    private let mapper = Locked(TimestampMapper())
    private let reports = Locked<[FeedReport]>([])
    private let decodeErrors = Locked<[String]>([])
    private let decoded = Locked(0)
    private var video: DecoderThread?
    private var audio: DecoderThread?
    private var hls: HLSFeeder?
    private var file: FileFeeder?
    private let started = ContinuousClock.now

    /// Seconds since the session started, on a monotonic clock (the network side's time).
    let clock: @Sendable () -> Double

    init(id: VideoSessionID, request: VideoRequest, policy: QueuePolicy, output: PCMFormat, downloader: HLSDownloader,
         position: @escaping @Sendable () -> Double, onChange: @escaping @Sendable () -> Void) {
        self.id = id
        self.request = request
        let start = started
        clock = {
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        queues = PipelineQueues(policy: policy, onChange: onChange)
        let reports = self.reports
        let report: @Sendable (FeedReport) -> Void = { report in
            reports.withLock { $0.append(report) }
            onChange()
        }
        let errors = decodeErrors
        let onError: @Sendable (String) -> Void = { message in
            errors.withLock { $0.append(message) }
            onChange()
        }
        let decoded = self.decoded
        video = DecoderThread(kind: .video, queues: queues, output: output, onDecoded: { n in decoded.withLock { $0 += n } },
                              onError: onError)
        audio = DecoderThread(kind: .audio, queues: queues, output: output, onError: onError)
        switch request.source {
        case .hls(let url):
            hls = HLSFeeder(url: url, loader: HLSMediaLoader(downloader: downloader), queues: queues, mapper: mapper, abr: abr,
                            clock: clock, position: position, report: report)
        case .file(let path):
            file = FileFeeder(path: path, queues: queues, report: report)
        }
        abr.setCaps(maxBandwidth: request.maxBandwidth, maxWidth: nil, maxHeight: nil)
    }

    /// Starts the threads and the feeder for generation 0 from `start`.
    func start(from start: Double?) {
        queues.flush(generation: 0, seekTarget: start)
        video?.start()
        audio?.start()
        hls?.start(from: start, generation: 0)
        file?.start(from: start, generation: 0)
    }

    /// Starts generation `generation` from `target`: everything queued is dropped, the feeder starts over there.
    func seek(to target: Double, generation: Int) {
        queues.flush(generation: generation, seekTarget: target)
        hls?.start(from: target, generation: generation)
        file?.start(from: target, generation: generation)
    }

    /// Stops everything. The decoder threads see the closed queues and end on their own a moment later (they
    /// own what they free); nothing waits for them here, so closing never blocks the caller's thread — the
    /// window's, or a task of Swift's small cooperative pool, which a blocking wait could starve.
    func close() {
        hls?.stop()
        file?.stop()
        queues.close()
    }

    /// Reports since the last call, oldest first.
    func takeReports() -> [FeedReport] { reports.withLock { r in defer { r = [] }; return r } }
    /// Decoder errors (a codec with no decoder) since the last call.
    func takeDecodeErrors() -> [String] { decodeErrors.withLock { e in defer { e = [] }; return e } }
    /// Frames decoded so far.
    var framesDecoded: Int { decoded.withLock { $0 } }
    /// The ABR decisions so far (HLS).
    var decisions: [ABRDecisionRecord] { abr.history }
}
