import AudioPlayback
import CFFmpeg
import Downloader
import Foundation
import Testing
import TestSupport
import VideoCore
@testable import VideoPlayback

/// libavformat and libavcodec fed from memory: the sample's segments, demuxed and decoded without any URL.
@Suite("FFmpeg from memory: demuxing and decoding segments")
struct DecodeTests {
    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: PackagePaths.videoSample.appendingPathComponent(relative)))
    }

    /// A job for segment `index`; `fMP4`: with an `EXT-X-MAP` (the playlist's word that the bytes are fMP4).
    static func job(start: Double, index: Int, domain: Int = 0, fMP4: Bool = false) -> SegmentJob {
        SegmentJob(segment: MediaSegment(uri: URL(string: "http://test/seg\(index)")!, duration: 1, sequenceNumber: index,
                                         discontinuitySequence: domain,
                                         initSection: fMP4 ? InitSection(uri: URL(string: "http://test/init.mp4")!) : nil),
                   start: start, duration: 1, variantID: 0, index: index)
    }

    @Test("an MPEG-TS segment: 30 video packets from the key frame, audio beside; anchored to its playlist start")
    func transportStream() async throws {
        let mapper = Locked(TimestampMapper())
        let result = await SegmentDemuxer.demux(try Self.bytes("ts/v240p/seg03.ts"), job: Self.job(start: 3, index: 3), mapper: mapper,
                                          generation: 0, kinds: [.video, .audio])
        #expect(result.error == nil)
        #expect(result.hasVideo && result.hasAudio)
        let video = result.packets.filter { $0.kind == .video }
        #expect(video.count == 30)
        #expect(video.first?.isKey == true)
        #expect(abs((video.first?.time ?? -1) - 3.0) < 1e-6, "the key frame is the segment's start")
        #expect(video.compactMap(\.time).min().map { abs($0 - 3.0) < 1e-6 } == true)
        #expect(mapper.withLock { $0.anchor(of: 0) }.map { abs($0 - (4.4667 - 3)) < 0.001 } == true, "ffmpeg's 1.4 s offset, plus 2 frames of B-frame delay")
    }

    @Test("fMP4: the init section in front of the fragment; video only")
    func fragmentedMP4() async throws {
        let bytes = SegmentPlan.demuxerInput(initBytes: try Self.bytes("fmp4/v360p/init_2.mp4"),
                                             segmentBytes: try Self.bytes("fmp4/v360p/seg05.m4s"))
        let result = await SegmentDemuxer.demux(bytes, job: Self.job(start: 5, index: 5, fMP4: true), mapper: Locked(TimestampMapper()),
                                          generation: 0, kinds: [.video, .audio])
        #expect(result.error == nil)
        #expect(result.hasVideo && !result.hasAudio)
        #expect(result.packets.count == 30)
        #expect(abs((result.packets.first?.time ?? -1) - 5.0) < 1e-6)
        #expect(SegmentContainer.of(hasInitSection: true, bytes: bytes) == .fragmentedMP4)
    }

    @Test("a separate audio rendition follows the video's anchor, whichever is demuxed first")
    func audioFollowsVideo() async throws {
        let mapper = Locked(TimestampMapper())
        let audioBytes = SegmentPlan.demuxerInput(initBytes: try Self.bytes("fmp4/vaudio/init_0.mp4"),
                                                  segmentBytes: try Self.bytes("fmp4/vaudio/seg04.m4s"))
        var audioJob = Self.job(start: 4.011332, index: 4, fMP4: true)
        audioJob.variantID = nil
        // The audio arrives first and waits (up to its limit) for the video to anchor the domain.
        async let audio = SegmentDemuxer.demux(audioBytes, job: audioJob, mapper: mapper, generation: 0, kinds: [.audio],
                                               follow: true, followLimit: .seconds(30))
        try await Task.sleep(for: .milliseconds(50))
        let videoBytes = SegmentPlan.demuxerInput(initBytes: try Self.bytes("fmp4/v240p/init_1.mp4"),
                                                  segmentBytes: try Self.bytes("fmp4/v240p/seg05.m4s"))
        let video = await SegmentDemuxer.demux(videoBytes, job: Self.job(start: 5, index: 5, fMP4: true), mapper: mapper, generation: 0,
                                               kinds: [.video])
        #expect(abs((video.packets.first?.time ?? -1) - 5) < 1e-6)
        let audioPackets = await audio.packets
        let anchor = try #require(mapper.withLock { $0.anchor(of: 0) })
        #expect(abs(anchor - 0.066) < 0.001, "the video's anchor: \(anchor)")
        // Audio sample times are the container's minus the video's anchor: A/V stay as encoded.
        let first = try #require(audioPackets.first?.time)
        #expect(abs(first - (4.011332 + 0.045 - 0.0667)) < 0.002, "\(first)")
    }

    @Test("decoding a segment gives 30 frames of 426x240 yuv420p at 1/30 s steps, and 44.1 kHz stereo audio")
    func decode() async throws {
        let result = await SegmentDemuxer.demux(try Self.bytes("ts/v240p/seg00.ts"), job: Self.job(start: 0, index: 0),
                                          mapper: Locked(TimestampMapper()), generation: 0, kinds: [.video, .audio])
        let video = result.packets.filter { $0.kind == .video }
        let decoder = try VideoDecoder(parameters: try #require(video.first?.parameters))
        var frames: [(time: Double, duration: Double)] = []
        for packet in video { for f in try decoder.decode(packet) { frames.append((f.time, f.duration)); var p: UnsafeMutablePointer? = f.frame; av_frame_free(&p) } }
        for f in try decoder.decode(nil) { frames.append((f.time, f.duration)); var p: UnsafeMutablePointer? = f.frame; av_frame_free(&p) }
        #expect(frames.count == 30)
        #expect(frames.map(\.time) == frames.map(\.time).sorted())
        for (k, frame) in frames.enumerated() {
            #expect(abs(frame.time - Double(k) / 30) < 1e-4, "frame \(k) at \(frame.time)")
            #expect(abs(frame.duration - 1.0 / 30) < 1e-6)
        }
        let audio = result.packets.filter { $0.kind == .audio }
        let audioDecoder = try AudioDecoder(parameters: try #require(audio.first?.parameters), output: .cdStereo)
        var seconds = 0.0
        for packet in audio { for chunk in try audioDecoder.decode(packet) { seconds += chunk.duration; #expect(chunk.channels == 2) } }
        #expect(abs(seconds - 1.0) < 0.1, "about a second of audio: \(seconds)")
    }

    @Test("garbage is an error naming the segment, not a crash")
    func garbage() async {
        let result = await SegmentDemuxer.demux([UInt8](repeating: 0x47, count: 5000) + [UInt8](repeating: 7, count: 3000),
                                          job: Self.job(start: 0, index: 7), mapper: Locked(TimestampMapper()), generation: 0,
                                          kinds: [.video, .audio])
        #expect(result.packets.isEmpty)
        #expect(result.error?.description.contains("segment 7") == true)
        let empty = await SegmentDemuxer.demux([], job: Self.job(start: 0, index: 8), mapper: Locked(TimestampMapper()), generation: 0,
                                         kinds: [.video])
        #expect(empty.packets.isEmpty)
        #expect(empty.error != nil)
    }

    @Test("CODECS: H.264, HEVC, AAC, MP3 decode here; unknown ones do not")
    func codecs() {
        #expect(CodecSupport.canDecode("avc1.4d401e"))
        #expect(CodecSupport.canDecode("hvc1.1.6.L93.B0"))
        #expect(CodecSupport.canDecode("mp4a.40.2"))
        #expect(CodecSupport.canDecode("mp4a.40.34"))
        #expect(!CodecSupport.canDecode("xyz1.2.3"))
        #expect(CodecSupport.undecodable(["avc1.64001f", "zzz"]) == ["zzz"])
    }
}
