import Foundation
import PlayerCore
import StreamServer
import Testing
import TestSupport
@testable import AudioPlayback

/// Seeking a story end to end: a progressive MP3 on a local StreamServer, the engine reopening it with a `Range`
/// request at ``MP3SeekMap``'s offset, the player following (``StreamEvent/repositioned(_:)``), on the rig's
/// virtual clock.
@Suite("Stream playback: seeking a story", .serialized)
struct StreamSeekTests {
    static let rate = 44_100.0

    /// About 20 s of constant bit rate audio: the tone fixture's frames after its Info frame, repeated.
    static func story() throws -> [UInt8] {
        let frames = Array(mp3Frames(try fixtureBytes("tone.mp3")).dropFirst())
        var bytes: [UInt8] = []
        while Double(bytes.count / frames[0].count) * 1152 / rate < 20 { bytes += frames.joined() }
        return bytes
    }

    /// The rig playing `/story.mp3` from a new server, waited until it plays.
    static func playing(_ mp3: [UInt8]) async throws -> (StreamServer, StreamRig, StreamSessionID) {
        let server = try await StreamServer.start(content: .files([
            "/story.mp3": ServedFile(data: mp3, contentType: "audio/mpeg"),
        ]))
        let rig = StreamRig()
        rig.send(.selected(StreamRequest(source: .http(url: server.url(for: "/story.mp3")), title: "A story", isLive: false)))
        #expect(await rig.wait { $0.state == .playing })
        return (server, rig, try #require(rig.player.session))
    }

    /// Advances the clock a fifth of a second at a time while the player plays, each step once the buffer has
    /// audio or the input ended (the story is longer than the buffer), until the player is idle: true if it got
    /// there. While it buffers (after a seek, the reopened connection's first bytes) the clock stands still: a
    /// loop that advanced it meanwhile could spend its steps before the audio came (a flake under load).
    static func playToEnd(_ rig: StreamRig) async -> Bool {
        for _ in 0..<1000 {
            guard await rig.wait({ $0.state == .playing || $0.state == .idle }) else { return false }
            if rig.player.state == .idle { return true }
            await rig.waitFor { rig.engine.bufferedFrames > 0 || rig.player.inputEnded }
            rig.advance(0.2)
        }
        return await rig.wait { $0.state == .idle }
    }

    /// Frames the output was given after `mark` frames, in seconds.
    static func played(_ rig: StreamRig, since mark: Int) -> Double { Double(rig.output.frames - mark) / rate }

    @Test("forward while downloading: a Range request at the time's byte offset, the position at the time, the rest played to the end")
    func forward() async throws {
        let mp3 = try Self.story()
        let (server, rig, session) = try await Self.playing(mp3)
        let duration = try #require(rig.player.nowPlaying.duration)
        rig.advance(1)
        let map = try #require(MP3SeekMap(head: Array(mp3.prefix(16_384)), totalBytes: mp3.count))
        let sought = try #require(rig.engine.seek(session, to: 12))
        #expect(sought == 12)
        #expect(rig.engine.playedSeconds(of: session) == 12)
        let mark = rig.output.frames
        #expect(await Self.playToEnd(rig))
        let rest = Self.played(rig, since: mark)
        // What was left after 12 s of the real length (its frames; the estimate is the first frame's bit rate),
        // give or take a frame's resync.
        let length = Double(mp3Frames(mp3).count * 1152) / Self.rate
        #expect(abs(rest - (length - 12)) < 0.5, "played \(rest) s of \(length - 12) (estimated length \(duration))")
        let ranges = server.statistics.requests.compactMap(\.rangeHeader)
        #expect(ranges == ["bytes=\(map.byteOffset(at: 12))-"], "\(ranges)")
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("the length reported is the seek map's: a Xing/Info frame count wins over the bit-rate estimate, so the slider's times and the seek's agree")
    func lengthFromTheSeekMap() async throws {
        // The story behind its own Info frame, whose frame count is set to three times the frames there are (as
        // a VBR file's header differs from its first frame's bit rate × bytes).
        let info = try #require(mp3Frames(try fixtureBytes("tone.mp3")).first)
        let tag = try #require(info.firstRange(of: Array("Info".utf8)) ?? info.firstRange(of: Array("Xing".utf8)))
        let flags = info[tag.upperBound + 3]
        #expect(flags & 1 == 1, "the fixture's Info frame has a frame count")
        let story = try Self.story()
        let frames = UInt32(mp3Frames(story).count * 3)
        var head = info
        head.replaceSubrange((tag.upperBound + 4)..<(tag.upperBound + 8), with: withUnsafeBytes(of: frames.bigEndian, Array.init))
        if flags & 2 == 2 {
            // Its byte count says the whole file, so the header is not taken for one of joined files.
            let bytes = UInt32(head.count + story.count)
            head.replaceSubrange((tag.upperBound + 8)..<(tag.upperBound + 12), with: withUnsafeBytes(of: bytes.bigEndian, Array.init))
        }
        let mp3 = head + story
        let map = try #require(MP3SeekMap(head: Array(mp3.prefix(16_384)), totalBytes: mp3.count))
        let estimate = Double(mp3.count - map.audioStart) * 8 / Double(map.header.bitRate)
        #expect(abs(map.duration - estimate) > 10, "the header and the estimate differ: \(map.duration) / \(estimate)")
        let (server, rig, _) = try await Self.playing(mp3)
        let duration = try #require(rig.player.nowPlaying.duration)
        #expect(abs(duration - map.duration) < 1e-6, "reported \(duration), the map's \(map.duration), the estimate \(estimate)")
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("a live radio cannot seek: nil, nothing changes")
    func liveCannotSeek() async throws {
        let station = try RadioStation(mp3: try fixtureBytes("tone.mp3"), pacing: .manual, burstSeconds: 3)
        let server = try await StreamServer.start(content: .files([:]))
        server.mount(station, at: "/radio.mp3")
        let rig = StreamRig()
        rig.send(.selected(StreamRequest(source: .http(url: server.url(for: "/radio.mp3")), isLive: true)))
        #expect(await rig.wait { $0.info?.isLive == true })
        let session = try #require(rig.player.session)
        #expect(rig.engine.seek(session, to: 5) == nil)
        #expect(rig.engine.seek(StreamSessionID(99), to: 5) == nil)
        station.stop()
        await rig.shutdown()
        try await server.shutdown()
    }
}
