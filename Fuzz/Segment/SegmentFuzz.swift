import CFFmpeg
import Foundation

// Fuzz target `segment` (issue 28): one HLS segment demuxed and decoded from memory through our FFmpeg wrapper
// (VideoPlayback/FFmpeg: MediaDemuxer over a MemoryInput with the fences, VideoDecoder, AudioDecoder), as the engine
// does with every segment it fetched. libavformat and libavcodec are the system's (not instrumented: coverage
// guides through our wrapper only); what is checked is what we promise around them.
//
// Input: byte 0 bits 0-1 choose the container: 0 as the engine decides it (SegmentContainer.of, with an EXT-X-MAP
// when bit 2 is set), 1 MPEG-TS, 2 fMP4, 3 packed audio (the codec from bits 4-5); the rest is the segment.
//
// Invariants: nothing traps or crashes; no file descriptor is left open (nothing was opened: a nested open is
// refused, the segment's bytes are all FFmpeg reads); every packet's time is nil or within ±2^53 µs and its
// duration finite and not negative; every decoded picture is within PictureLimit; every FFmpeg log line we write
// is one line without a control character; errors have a message.

private let setUp: Void = {
    FFmpegLog.configure(level: .warning) { line in
        fuzzRequire(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) },
                    "FFmpeg log line with a control character: \(line.debugDescription)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = setUp
    var reader = FuzzReader(fuzzBytes(data, size))
    let control = reader.byte()
    let bytes = reader.rest
    let container: SegmentContainer
    switch control & 0x03 {
    case 0: container = SegmentContainer.of(hasInitSection: control & 0x04 != 0, bytes: bytes)
    case 1: container = .mpegTS
    case 2: container = .fragmentedMP4
    default: container = .packedAudio([.aac, .mp3, .ac3, .eac3][Int(control >> 4) & 0x03])
    }
    let descriptors = openDescriptors()
    demuxAndDecode(bytes, container: container)
    let after = openDescriptors()
    fuzzRequire(after == descriptors, "file descriptors before \(descriptors), after \(after): something was opened")
    return 0
}

private func demuxAndDecode(_ bytes: [UInt8], container: SegmentContainer) {
    let demuxer: MediaDemuxer
    do {
        demuxer = try MediaDemuxer(bytes: bytes, label: "fuzz segment", container: container)
    } catch {
        fuzzRequire(!error.description.isEmpty, "an error without a message")
        return
    }
    var video: VideoDecoder?
    var audio: AudioDecoder?
    var packets = 0
    let limit = Double(MediaDemuxer.maxTimestamp) / 1_000_000
    while packets < 3000 {
        let next: Packet?
        do {
            next = try demuxer.next(anchorSeconds: 0, generation: 0, variantID: nil, kinds: [.video, .audio])
        } catch {
            fuzzRequire(!error.description.isEmpty, "a read error without a message")
            break
        }
        guard let packet = next else { break }
        packets += 1
        if let time = packet.time { fuzzRequire(time.isFinite && abs(time) <= limit, "packet time \(time)") }
        fuzzRequire(packet.duration.isFinite && packet.duration >= 0, "packet duration \(packet.duration)")
        switch packet.kind {
        case .video:
            if let current = video, !current.parameters.isCompatible(with: packet.parameters) {
                release((try? current.decode(nil)) ?? [])
                video = nil
            }
            if video == nil { video = try? VideoDecoder(parameters: packet.parameters, threads: 1) }
            if let decoder = video { release((try? decoder.decode(packet)) ?? []) }
        case .audio:
            if let current = audio, !current.parameters.isCompatible(with: packet.parameters) { audio = nil }
            if audio == nil { audio = try? AudioDecoder(parameters: packet.parameters, output: PCMFormat(sampleRate: 48_000, channels: 2)) }
            for chunk in (try? audio?.decode(packet)) ?? [] {
                fuzzRequire(chunk.time.isFinite && chunk.samples.count % 2 == 0, "PCM chunk at \(chunk.time), \(chunk.samples.count) samples")
            }
        }
    }
    if let video { release((try? video.decode(nil)) ?? []) }
    _ = try? audio?.decode(nil)
}

/// Checks and frees decoded pictures.
private func release(_ frames: [(frame: UnsafeMutablePointer<AVFrame>, time: Double, duration: Double)]) {
    for item in frames {
        let width = Int(item.frame.pointee.width), height = Int(item.frame.pointee.height)
        fuzzRequire(PictureLimit.check(width: width, height: height) == nil, "decoded a \(width)×\(height) picture")
        fuzzRequire(item.time.isFinite && item.duration.isFinite, "frame time \(item.time), duration \(item.duration)")
        var frame: UnsafeMutablePointer<AVFrame>? = item.frame
        av_frame_free(&frame)
    }
}

/// The process's open file descriptors (/proc/self/fd), without the one reading the folder.
private func openDescriptors() -> Set<String> {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return Set(names.filter { fcntl(Int32($0) ?? -1, F_GETFD) != -1 })
}
