import Testing
@testable import MPEGTS
import TestSupport

/// Files written by ffmpeg (scripts/make-test-fixtures.sh): our demuxer must agree with ffmpeg's own demuxer.
@Suite("Demuxing ffmpeg-written transport streams")
struct FixtureTests {
    @Test("The MP3 elementary stream equals the bytes ffmpeg extracts with -c copy")
    func mp3MatchesFFmpeg() throws {
        let ts = try fixture("video_mp3.ts")
        let reference = try fixture("video_mp3.audio.mp3")
        let (codec, data) = try TransportStreamDemuxer.extractAudio(from: ts)
        #expect(codec == .mpeg1Audio)
        #expect(data.count == reference.count)
        #expect(data == reference)
    }

    @Test("Streams, first PTS and offset match ffprobe (audio PTS 126000 at byte 2820)")
    func streamsAndTimestamps() throws {
        var demuxer = TransportStreamDemuxer()
        let chunks = try demuxer.feed(try fixture("video_mp3.ts")) + demuxer.finish()
        #expect(demuxer.streams.map(\.pid) == [0x100, 0x101])
        #expect(demuxer.streams.map(\.streamType) == [.h264, .mpeg1Audio])
        #expect(chunks.first?.pts ?? .max == 126_000)   // no optional UInt64 inside #expect (ASan, docs/sanitizers.md)
        #expect(chunks.first?.byteOffset == 2820)
        #expect(demuxer.statistics.continuityErrors == 0)
        #expect(demuxer.statistics.crcErrors == 0)
        #expect(demuxer.diagnostics.isEmpty)
    }

    @Test("Selecting all streams also returns H.264 access units (start code 00 00 00 01)")
    func allStreams() throws {
        var demuxer = TransportStreamDemuxer(selection: .all)
        let chunks = try demuxer.feed(try fixture("video_mp3.ts")) + demuxer.finish()
        let video = chunks.filter { $0.pid == 0x100 }
        #expect(video.count == 3)  // 1.5 s at 2 fps
        #expect(video.allSatisfy { Array($0.data.prefix(4)) == [0, 0, 0, 1] })
        #expect(chunks.filter { $0.pid == 0x101 }.flatMap(\.data) == (try fixture("video_mp3.audio.mp3")))
    }

    @Test("Arbitrary feed sizes give the same elementary stream")
    func chunkedFeeding() throws {
        let ts = try fixture("video_mp3.ts")
        let reference = try fixture("video_mp3.audio.mp3")
        for size in [1, 7, 187, 188, 189, 1000, 4096] {
            var demuxer = TransportStreamDemuxer()
            var data: [UInt8] = []
            var index = 0
            while index < ts.count {
                let end = min(index + size, ts.count)
                data += try demuxer.feed(ts[index..<end]).flatMap(\.data)
                index = end
            }
            data += demuxer.finish().flatMap(\.data)
            #expect(data == reference, "feed size \(size)")
        }
    }

    @Test("AAC in MPEG-TS is reported as AAC (ADTS) and its data starts with an ADTS sync word")
    func aac() throws {
        let (codec, data) = try TransportStreamDemuxer.extractAudio(from: try fixture("aac.ts"))
        #expect(codec == .aacADTS)
        #expect(!codec.isMPEGAudio)
        #expect(data.count > 2 && data[0] == 0xFF && data[1] & 0xF0 == 0xF0)
    }

    @Test("Damaged input never traps: truncations and random byte flips (seeded)")
    func robustness() throws {
        let ts = try fixture("video_mp3.ts")
        for length in stride(from: 0, to: ts.count, by: 997) {
            var demuxer = TransportStreamDemuxer()
            _ = try? demuxer.feed(ts.prefix(length))
            _ = demuxer.finish()
        }
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            var copy = ts
            for _ in 0..<20 {
                let index = Int(generator.next() % UInt64(copy.count))
                copy[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            var demuxer = TransportStreamDemuxer(selection: .all)
            _ = try? demuxer.feed(copy)
            _ = demuxer.finish()
            // Every byte is accounted for: in a packet, skipped while resynchronising, or a short tail.
            let accounted = demuxer.statistics.packets * 188 + demuxer.statistics.bytesSkipped
            #expect(accounted <= copy.count && copy.count - accounted < 188)
        }
    }
}
