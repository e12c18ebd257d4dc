import AudioPlayback
import CFFmpeg
import Foundation
import VideoCore

/// A dedicated thread decoding one kind of packet (video or audio) from ``PipelineQueues`` into frames or PCM —
/// libavcodec calls block for milliseconds, so they stay off Swift's cooperative pool and off the window's
/// thread. The thread waits on the queues' lock when it has nothing to do or its output queue is full.
///
/// A packet whose codec parameters differ from the open decoder's (an fMP4 variant switch: new `avcC`) drains
/// the old decoder first, so the last frames of the old variant are shown, then opens a new one. A packet of a
/// newer generation (a seek) flushes the decoder. Undecodable packets are skipped; a codec with no decoder here
/// is reported once through `onError` (the session fails: nothing of that kind can play).
final class DecoderThread: @unchecked Sendable {
    private let kind: StreamKind
    private let queues: PipelineQueues
    private let output: PCMFormat
    private let onError: @Sendable (String) -> Void
    private let onDecoded: @Sendable (Int) -> Void
    private var thread: Thread?

    /// A decoder thread for `kind`; `onDecoded` counts frames decoded (video), `onError` reports what cannot play.
    init(kind: StreamKind, queues: PipelineQueues, output: PCMFormat, onDecoded: @escaping @Sendable (Int) -> Void = { _ in },
         onError: @escaping @Sendable (String) -> Void) {
        self.kind = kind
        self.queues = queues
        self.output = output
        self.onDecoded = onDecoded
        self.onError = onError
    }

    /// Starts the thread.
    func start() {
        // The thread keeps this object (and its decoders) alive until it returns, after the queues close.
        let thread = Thread { [self] in run() }
        thread.name = kind == .video ? "video decoder" : "audio decoder"
        self.thread = thread
        thread.start()
    }

    private func run() {
        var video: VideoDecoder?
        var audio: AudioDecoder?
        var generation = queues.generation
        var reported = false
        var lastTime: Double?
        while let entry = queues.nextPacket(kind) {
            switch entry {
            case .end(let ended):
                guard ended == queues.generation else { continue }
                if ended != generation { video?.flush(); audio?.flush(); generation = ended }
                drain(video: video, audio: audio, generation: generation, lastTime: &lastTime)
                video = nil
                audio = nil
                queues.decoderEnded(kind, generation: generation)
            case .packet(let packet):
                guard packet.generation == queues.generation else { continue }
                if packet.generation != generation {
                    video?.flush()
                    audio?.flush()
                    generation = packet.generation
                    lastTime = nil
                }
                do {
                    switch kind {
                    case .video:
                        if let current = video, !current.parameters.isCompatible(with: packet.parameters) {
                            drain(video: current, audio: nil, generation: generation, lastTime: &lastTime)
                            video = nil
                        }
                        if video == nil { video = try VideoDecoder(parameters: packet.parameters) }
                        if let decoder = video { emit(try decoder.decode(packet), decoder: decoder, packet: packet, generation: generation, lastTime: &lastTime) }
                    case .audio:
                        if let current = audio, !current.parameters.isCompatible(with: packet.parameters) {
                            drain(video: nil, audio: current, generation: generation, lastTime: &lastTime)
                            audio = nil
                        }
                        if audio == nil { audio = try AudioDecoder(parameters: packet.parameters, output: output) }
                        for chunk in try audio?.decode(packet) ?? [] { queues.pushPCM(chunk, generation: generation) }
                    }
                } catch {
                    if error.code == 0, !reported {
                        reported = true
                        onError(error.description)
                    }
                }
            }
        }
    }

    private func drain(video: VideoDecoder?, audio: AudioDecoder?, generation: Int, lastTime: inout Double?) {
        if let video, let frames = try? video.decode(nil) {
            emit(frames, decoder: video, packet: nil, generation: generation, lastTime: &lastTime)
        }
        if let audio, let chunks = try? audio.decode(nil) {
            for chunk in chunks { queues.pushPCM(chunk, generation: generation) }
        }
    }

    private func emit(_ frames: [(frame: UnsafeMutablePointer<AVFrame>, time: Double, duration: Double)],
                      decoder: VideoDecoder, packet: Packet?, generation: Int, lastTime: inout Double?) {
        if let packet, let time = packet.time { remember(time: time, variant: packet.variantID) }
        guard !frames.isEmpty else { return }
        onDecoded(frames.count)
        for item in frames {
            var duration = item.duration
            if duration <= 0, let last = lastTime, item.time > last { duration = item.time - last }
            lastTime = item.time
            // A frame leaves the decoder after later packets went in (reordering): its variant is that of the
            // packet with its timestamp.
            let variant = variants[Self.key(item.time)] ?? packet?.variantID
            queues.pushFrame(VideoFrame(taking: item.frame, time: item.time, duration: duration, variantID: variant),
                             generation: generation)
        }
    }

    /// Variant of recent packets by timestamp (microseconds), the last 128.
    private var variants: [Int64: Int] = [:]
    private var variantOrder: [Int64] = []

    private func remember(time: Double, variant: Int?) {
        guard let variant else { return }
        let key = Self.key(time)
        if variants.updateValue(variant, forKey: key) == nil { variantOrder.append(key) }
        if variantOrder.count > 128 { variants[variantOrder.removeFirst()] = nil }
    }

    private static func key(_ time: Double) -> Int64 { Int64(saturating: (time * 1_000_000).rounded()) }
}
