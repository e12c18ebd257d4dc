import Downloader
import Foundation
import MPEGTS
import PlayerCore
import StreamServer
import Testing
import TestSupport
@testable import AudioPlayback

/// `LiveHLSAudioSource`: a live HLS window served by StreamServer (the demo's MP3-in-MPEG-TS rendition, looped
/// with continuous timestamps), recorded in memory by the Downloader and played through the stream engine.
/// The PCM is compared sample by sample with a reference decode of the segments the server served.
@Suite("Live HLS source on the recorder", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct LiveHLSSourceTests {
    static var demoPlaylistPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Samples/DefaultStream/hls_a192K_v4.m3u8").path
    }

    /// The sequence numbers of the segments the server answered with 200, in order of request.
    static func servedSegments(_ server: StreamServer) -> [Int] {
        server.statistics.requests.compactMap { record -> Int? in
            guard record.status == 200, record.path.hasPrefix("/live/seg"), record.path.hasSuffix(".ts") else { return nil }
            return Int(record.path.dropFirst("/live/seg".count).dropLast(".ts".count))
        }
    }

    /// The reference: the MPEG audio of segments `sequences` (demultiplexed as one stream) decoded in one go.
    static func reference(_ live: LiveStream, _ sequences: ClosedRange<Int>) throws -> [Int16] {
        let ts = sequences.flatMap { live.segmentBytes($0) }
        let (_, audio) = try TransportStreamDemuxer.extractAudio(from: ts)
        return try referenceDecode(audio)
    }

    @Test("plays while the window slides: starts after the buffer, then the PCM is the served segments' decode, no gap, no repeat")
    func playsWhileRecording() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let live = try server.startLive(LiveStreamConfiguration(
            source: try LiveSource(playlistFile: Self.demoPlaylistPath), windowSize: 5, timing: .manual))
        let downloader = HLSDownloader()
        let gaps = Recorder<String>()
        let rig = StreamRig(source: LiveHLSAudioSource.factory(downloader: downloader, onGap: { gaps.append($0) }))
        rig.send(.selected(StreamRequest(source: .liveHLS(playlist: live.playlistURL), title: "Live")))
        #expect(await rig.wait { $0.state == .playing }, "state: \(rig.player.state)")
        #expect(rig.player.isLive)
        // Play 6 s while the server publishes 6 more segments (about 1 s each), one at a time.
        // Each second is played only once a second of audio is decoded ahead: the clock is the test's, and a
        // clock moved over audio not yet decoded (a slow machine, ThreadSanitizer) would stall the player.
        for _ in 0..<6 {
            let before = Self.servedSegments(server).max() ?? 0
            live.advance()
            #expect(await rig.waitFor { (Self.servedSegments(server).max() ?? 0) > before }, "the recorder fetched no new segment")
            #expect(await rig.waitDecoded(rig.output.frames + 44_100), "a second of audio was not decoded ahead")
            rig.advance(1)
        }
        let served = Self.servedSegments(server)
        let first = try #require(served.min())
        let last = try #require(served.max())
        #expect(served.sorted() == Array(first...last), "each segment once: \(served)")
        let expected = try Self.reference(live, first...last)
        let played = rig.output.samples
        #expect(played.count >= 6 * 44_100 * 2, "played \(played.count / 2) frames")
        let same = played == Array(expected.prefix(played.count))
        #expect(same, "\(firstDifference(played, expected[...]))")
        #expect(gaps.all.isEmpty, "\(gaps.all)")
        await rig.shutdown()
        try await downloader.shutdown()
        try await server.shutdown()
    }

    @Test("a window that slid past unfetched segments: a discontinuity (the decoder restarts), a gap reported, playback goes on")
    func gapIsADiscontinuity() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let live = try server.startLive(LiveStreamConfiguration(
            source: try LiveSource(playlistFile: Self.demoPlaylistPath), windowSize: 3, timing: .manual))
        let downloader = HLSDownloader()
        let gaps = Recorder<String>()
        let rig = StreamRig(source: LiveHLSAudioSource.factory(downloader: downloader, onGap: { gaps.append($0) }))
        rig.send(.selected(StreamRequest(source: .liveHLS(playlist: live.playlistURL))))
        #expect(await rig.waitFor { !Self.servedSegments(server).isEmpty })
        // Faster than any reload: 8 segments appear and 5 leave the window unfetched.
        live.advance(by: 8)
        #expect(await rig.waitFor { !gaps.all.isEmpty }, "no gap reported")
        // After the gap the recording goes on at the new edge: audio keeps arriving and the player starts.
        #expect(await rig.wait { $0.state == .playing }, "state: \(rig.player.state)")
        #expect(rig.player.reconnect == nil, "the gap is no lost connection")
        await rig.shutdown()
        try await downloader.shutdown()
        try await server.shutdown()
    }
}
