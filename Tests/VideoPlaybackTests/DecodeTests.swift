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

    static func job(start: Double, index: Int, domain: Int = 0) -> SegmentJob {
        SegmentJob(segment: MediaSegment(uri: URL(string: "http://test/seg\(index)")!, duration: 1, sequenceNumber: index,
                                         discontinuitySequence: domain),
                   start: start, duration: 1, variantID: 0, index: index)
    }

    @Test("an MPEG-TS segment: 30 video packets from the key frame, audio beside; anchored to its playlist start")
    func transportStream() throws {
        let mapper = Locked(TimestampMapper())
        let result = SegmentDemuxer.demux(try Self.bytes("ts/v240p/seg03.ts"), job: Self.job(start: 3, index: 3), mapper: mapper,
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
    func fragmentedMP4() throws {
        let bytes = SegmentPlan.demuxerInput(initBytes: try Self.bytes("fmp4/v360p/init_2.mp4"),
                                             segmentBytes: try Self.bytes("fmp4/v360p/seg05.m4s"))
        let result = SegmentDemuxer.demux(bytes, job: Self.job(start: 5, index: 5), mapper: Locked(TimestampMapper()),
                                          generation: 0, kinds: [.video, .audio])
        #expect(result.error == nil)
        #expect(result.hasVideo && !result.hasAudio)
        #expect(result.packets.count == 30)
        #expect(abs((result.packets.first?.time ?? -1) - 5.0) < 1e-6)
        #expect(MediaDemuxer.formatName(for: bytes) == "mp4")
    }

    @Test("decoding a segment gives 30 frames of 426x240 yuv420p at 1/30 s steps, and 44.1 kHz stereo audio")
    func decode() throws {
        let result = SegmentDemuxer.demux(try Self.bytes("ts/v240p/seg00.ts"), job: Self.job(start: 0, index: 0),
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
    func garbage() {
        let result = SegmentDemuxer.demux([UInt8](repeating: 0x47, count: 5000) + [UInt8](repeating: 7, count: 3000),
                                          job: Self.job(start: 0, index: 7), mapper: Locked(TimestampMapper()), generation: 0,
                                          kinds: [.video, .audio])
        #expect(result.packets.isEmpty)
        #expect(result.error?.description.contains("segment 7") == true)
        let empty = SegmentDemuxer.demux([], job: Self.job(start: 0, index: 8), mapper: Locked(TimestampMapper()), generation: 0,
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
