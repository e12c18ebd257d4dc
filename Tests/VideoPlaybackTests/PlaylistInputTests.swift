import Downloader
import Foundation
import Testing
import TestSupport
import VideoCore
@testable import VideoPlayback

/// The "playlist → decoder input" step, without a network: which bytes each segment feeds the demuxer, where it
/// sits on the time line, and what the catalog offers.
@Suite("Playlist → decoder input")
struct PlaylistInputTests {
    static func parse(_ relative: String) throws -> Playlist {
        let url = PackagePaths.videoSample.appendingPathComponent(relative)
        let http = URL(string: "http://127.0.0.1:1/\(relative)")!
        return try PlaylistParser.parse(try Data(contentsOf: url), url: http)
    }

    static func parse(text: String, url: String = "http://h/x/index.m3u8") throws -> Playlist {
        try PlaylistParser.parse(Data(text.utf8), url: URL(string: url)!)
    }

    @Test("MPEG-TS: a segment alone, placed by the sum of EXTINF durations")
    func transportStream() throws {
        guard case .media(let media) = try Self.parse("ts/v240p/index.m3u8") else { Issue.record("not media"); return }
        let plan = SegmentPlan(playlist: media)
        let job = try #require(plan.job(containing: 2.5, variantID: 0))
        #expect(job.index == 2)
        #expect(job.start == 2)
        #expect(job.duration == 1)
        #expect(job.initSection == nil)
        #expect(job.segment.uri.absoluteString == "http://127.0.0.1:1/ts/v240p/seg02.ts")
        #expect(plan.job(containing: 3.0, variantID: 0)?.index == 3, "a boundary belongs to the later segment")
        #expect(plan.job(containing: 2.9995, variantID: 0)?.index == 3, "within a millisecond of it too")
        #expect(plan.job(containing: 10, variantID: 0) == nil, "past the end")
        #expect(plan.timeline.end == 10)
        #expect(SegmentPlan.demuxerInput(initBytes: nil, segmentBytes: [1, 2]) == [1, 2])
    }

    @Test("fMP4: the EXT-X-MAP init section goes in front of every segment")
    func fragmentedMP4() throws {
        guard case .media(let media) = try Self.parse("fmp4/v360p/index.m3u8") else { Issue.record("not media"); return }
        let job = try #require(SegmentPlan(playlist: media).job(at: 4, variantID: 1))
        #expect(job.initSection?.uri.lastPathComponent == "init_2.mp4")
        #expect(job.initSection?.byteRange == nil)
        #expect(SegmentPlan.demuxerInput(initBytes: [9, 9], segmentBytes: [1, 2]) == [9, 9, 1, 2])
    }

    @Test("byte ranges: the segment's slice, named in errors")
    func byteRanges() throws {
        let text = """
        #EXTM3U
        #EXT-X-VERSION:4
        #EXT-X-TARGETDURATION:1
        #EXT-X-MAP:URI="all.mp4",BYTERANGE="700@0"
        #EXTINF:1.0,
        #EXT-X-BYTERANGE:5000@700
        all.mp4
        #EXTINF:1.0,
        #EXT-X-BYTERANGE:4000
        all.mp4
        #EXT-X-ENDLIST
        """
        guard case .media(let media) = try Self.parse(text: text) else { Issue.record("not media"); return }
        let plan = SegmentPlan(playlist: media)
        let second = try #require(plan.job(at: 1, variantID: nil))
        #expect(second.segment.byteRange == ByteRange(length: 4000, offset: 5700))
        #expect(second.initSection?.byteRange == ByteRange(length: 700, offset: 0))
        #expect(second.label == "segment 1 (http://h/x/all.mp4 bytes 5700-9699)")
        #expect(second.start == 1)
    }

    @Test("separate audio: the fMP4 master's AUDIO group rendition is played beside video-only variants")
    func separateAudio() throws {
        guard case .master(let master) = try Self.parse("fmp4/master.m3u8") else { Issue.record("not master"); return }
        let catalog = HLSCatalog(master: master)
        #expect(catalog.audio?.uri?.absoluteString == "http://127.0.0.1:1/fmp4/vaudio/index.m3u8")
        #expect(catalog.variants.map(\.id) == [0, 1, 2])
        #expect(catalog.variants.allSatisfy { $0.abr.isDecodable })
        #expect(catalog.variants.map(\.abr.height) == [240, 360, 480])
        #expect(catalog.undecodableSummary == nil)
        #expect(!catalog.isMediaPlaylist)
    }

    @Test("muxed audio: the TS master has no separate rendition")
    func muxedAudio() throws {
        guard case .master(let master) = try Self.parse("ts/master.m3u8") else { Issue.record("not master"); return }
        let catalog = HLSCatalog(master: master)
        #expect(catalog.audio == nil)
        #expect(catalog.variants.map(\.abr.bandwidth) == [235_400, 400_400, 730_400])
    }

    @Test("CODECS: variants that cannot be decoded are marked; none decodable is an error naming them; audio-only variants are left out")
    func codecs() throws {
        let text = """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
        good.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="xyz9.1,mp4a.40.2"
        strange.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"
        audio.m3u8
        """
        guard case .master(let master) = try Self.parse(text: text) else { Issue.record("not master"); return }
        let catalog = HLSCatalog(master: master)
        #expect(catalog.variants.map(\.uri.lastPathComponent) == ["good.m3u8", "strange.m3u8"])
        #expect(catalog.variants.map(\.abr.isDecodable) == [true, false])
        #expect(catalog.variants[1].undecodable == ["xyz9.1"])
        let none = """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="xyz9.1"
        strange.m3u8
        """
        guard case .master(let bad) = try Self.parse(text: none) else { Issue.record("not master"); return }
        #expect(HLSCatalog(master: bad).undecodableSummary?.contains("strange.m3u8: xyz9.1") == true)
    }

    @Test("live: starts continue by media sequence number across reloads")
    func live() throws {
        let first = """
        #EXTM3U
        #EXT-X-TARGETDURATION:2
        #EXT-X-MEDIA-SEQUENCE:40
        #EXTINF:2,
        a40.ts
        #EXTINF:2,
        a41.ts
        #EXTINF:2,
        a42.ts
        """
        let second = first.replacingOccurrences(of: "SEQUENCE:40", with: "SEQUENCE:41")
            .replacingOccurrences(of: "a40", with: "a41x").replacingOccurrences(of: "#EXTINF:2,\na41x.ts\n", with: "")
            + "\n#EXTINF:2,\na43.ts"
        guard case .media(let one) = try Self.parse(text: first), case .media(let two) = try Self.parse(text: second) else {
            Issue.record("not media"); return
        }
        var timeline = LiveTimeline()
        let a = SegmentPlan(playlist: one, live: &timeline)
        let b = SegmentPlan(playlist: two, live: &timeline)
        #expect(a.starts == [0, 2, 4])
        #expect(b.playlist.mediaSequence == 41)
        #expect(b.job(sequence: 43, variantID: nil)?.start == 6)
        #expect(b.job(sequence: 40, variantID: nil) == nil, "slid out")
        #expect(a.timeline.liveStartSegment(targetDuration: 2) == 0)
    }
}
