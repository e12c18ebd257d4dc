import Foundation
import NIOCore
import NIOPosix
import PlayerCore
import StreamServer
import Testing
import TestSupport
@testable import AudioPlayback

/// End to end: a radio or a file on a local StreamServer, AsyncHTTPClient, ICY, libmpg123, the bounded buffer,
/// the output on a virtual clock, and PlayerCore's stream machine deciding.
@Suite("Stream playback end to end", .serialized)
struct StreamPlaybackTests {
    static let frameSeconds = 1152.0 / 44_100

    func tone() throws -> [UInt8] { try fixtureBytes("tone.mp3") }

    /// A station of the tone fixture, paced by the test (``RadioStation/release(frames:)``), on `/radio.mp3` of a
    /// new server, and `rig`.
    func manualRadio(burstSeconds: Double = 0, rig: StreamRig = StreamRig()) async throws
        -> (RadioStation, StreamServer, StreamRig) {
        let station = try RadioStation(mp3: try tone(), pacing: .manual, burstSeconds: burstSeconds)
        let server = try await StreamServer.start(content: .files([:]))
        server.mount(station, at: "/radio.mp3")
        return (station, server, rig)
    }

    func radio(_ rig: StreamRig, server: StreamServer, title: String = "Radio test") {
        rig.send(.selected(StreamRequest(
            source: .http(url: server.url(for: "/radio.mp3")), title: title, isLive: true)))
    }

    @Test("an endless ICY radio: buffers, plays, shows and changes the title; the PCM is the broadcast, no gap or repeat")
    func icyRadio() async throws {
        let frames = mp3Frames(try tone())
        let station = try RadioStation(
            mp3: try tone(), name: "Test FM", title: "First song", metaInterval: 2000, pacing: .manual, burstSeconds: 0)
        let server = try await StreamServer.start(content: .files([:]))
        server.mount(station, at: "/radio.mp3")
        let rig = StreamRig()
        radio(rig, server: server)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        #expect(rig.player.state == .buffering(progress: 0))
        let first = Int((3 / Self.frameSeconds).rounded(.up))
        station.release(frames: first)
        let aired = (0..<(2 * first)).flatMap { frames[$0 % frames.count] }
        let reference = try referenceDecode(aired)
        let firstPart = try referenceDecode(Array(aired.prefix(frames.prefix(first).map(\.count).reduce(0, +))))
        #expect(await rig.wait { $0.state == .playing })
        #expect(await rig.waitDecoded(firstPart.count / 2))
        #expect(rig.player.isLive)
        #expect(await rig.wait { $0.nowPlaying.title == "First song" })
        #expect(rig.player.nowPlaying.artist == "Radio test")
        #expect(rig.player.info?.stationName == "Test FM")
        rig.advance(2)
        station.setTitle("Second song")
        station.release(frames: first)
        #expect(await rig.wait { $0.nowPlaying.title == "Second song" })
        #expect(await rig.waitDecoded(reference.count / 2))
        rig.advance(3)
        #expect(rig.player.state == .playing)

        let played = rig.output.samples
        #expect(played.count >= 5 * 44_100 * 2)
        let same = played == Array(reference.prefix(played.count))
        #expect(same, "\(firstDifference(played, reference[...]))")
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("a stall shows buffering; more audio plays again, continuing where it stopped")
    func stall() async throws {
        let frames = mp3Frames(try tone())
        let (station, server, rig) = try await manualRadio()
        radio(rig, server: server)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        let batch = Int((2.5 / Self.frameSeconds).rounded(.up))
        station.release(frames: batch)
        let reference = try referenceDecode((0..<(2 * batch)).flatMap { frames[$0 % frames.count] })
        #expect(await rig.wait { $0.state == .playing })
        #expect(await rig.waitDecoded(Int(2.4 * 44_100)))
        rig.advance(3.5)  // more than was sent
        #expect(rig.player.state == .buffering(progress: 0))
        #expect(rig.output.isPaused)
        station.release(frames: batch)
        #expect(await rig.wait { $0.state == .playing })
        #expect(await rig.waitDecoded(reference.count / 2))
        rig.advance(1)
        let played = rig.output.samples
        let same = played == Array(reference.prefix(played.count))
        #expect(same, "\(firstDifference(played, reference[...]))")
        #expect(played.count > 3 * 44_100 * 2)
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("a connection dropped mid-stream: the buffer plays on, the player reconnects at the live edge and continues")
    func droppedConnection() async throws {
        let frames = mp3Frames(try tone())
        let (station, server, rig) = try await manualRadio()
        radio(rig, server: server)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        let batch = Int((3 / Self.frameSeconds).rounded(.up))
        station.release(frames: batch)
        let partOne = try referenceDecode((0..<batch).flatMap { frames[$0 % frames.count] })
        #expect(await rig.wait { $0.state == .playing })
        // Wait until the whole first part is decoded, then cut the connection.
        #expect(await rig.waitFor { rig.engine.bufferedFrames + rig.output.frames >= partOne.count / 2 })
        rig.advance(1)
        station.dropListeners(reset: true)
        #expect(await rig.waitFor { station.statistics.listenersAccepted == 2 && station.statistics.listeners == 1 })
        #expect(await rig.wait { $0.reconnect == nil })
        #expect(rig.player.state == .playing, "the buffer played on while reconnecting")
        station.release(frames: batch)
        let partTwo = try referenceDecode((batch..<(2 * batch)).flatMap { frames[$0 % frames.count] })
        #expect(await rig.waitDecoded((partOne.count + partTwo.count) / 2))
        rig.advance(4)
        let played = rig.output.samples
        let expected = partOne + partTwo
        #expect(played.count > partOne.count)
        let same = played == Array(expected.prefix(played.count))
        #expect(same, "\(firstDifference(played, expected[...]))")
        #expect(rig.problems.all.contains { $0.contains("reconnecting") })
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("the station going off the air: the player fails with the server's answer, visibly")
    func offAir() async throws {
        let (station, server, rig) = try await manualRadio()
        radio(rig, server: server)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        station.release(seconds: 3)
        #expect(await rig.wait { $0.state == .playing })
        station.stop()
        #expect(await rig.wait { $0.phase == .failed })
        let url = server.url(for: "/radio.mp3").absoluteString
        #expect(rig.player.message == "Stream failed: HTTP 404 Not Found from \(url)")
        #expect(rig.player.icon == .retry)
        // A tap retries; back on the air, it plays.
        station.start()
        rig.send(.tapped)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        station.release(seconds: 3)
        #expect(await rig.wait { $0.state == .playing })
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("the server going away: reconnection attempts are refused, then the player fails with a message")
    func serverGone() async throws {
        let (station, server, rig) = try await manualRadio()
        radio(rig, server: server)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        station.release(seconds: 3)
        #expect(await rig.wait { $0.state == .playing })
        try await server.shutdown()
        #expect(await rig.wait { $0.phase == .failed })
        let message = rig.player.message ?? ""
        #expect(message.hasPrefix("Connection lost: "), "\(message)")
        #expect(message.hasSuffix("; gave up after 3 attempts to reconnect"), "\(message)")
        #expect(message.contains("connection refused") || message.contains("refused"), "\(message)")
        #expect(rig.problems.all.count == 3)
        await rig.shutdown()
    }

    @Test("a progressive MP3: finite, its length estimated, played to the end and idle; the PCM is the whole file")
    func progressiveFile() async throws {
        let mp3 = try tone() + (try tone()) + (try tone())
        let server = try await StreamServer.start(content: .files([
            "/story.mp3": ServedFile(data: mp3, contentType: "audio/mpeg"),
        ]))
        let rig = StreamRig()
        rig.send(.selected(StreamRequest(
            source: .http(url: server.url(for: "/story.mp3")), title: "A story", artist: "NPR")))
        #expect(await rig.wait { $0.state == .playing })
        #expect(await rig.wait { $0.inputEnded })
        #expect(!rig.player.isLive)
        let duration = try #require(rig.player.nowPlaying.duration)
        #expect(abs(duration - 3.2) < 0.3, "estimated \(duration) s")
        let reference = try referenceDecode(mp3)
        // The input ending is not the PCM being decoded: play on once all of it is.
        #expect(await rig.waitDecoded(reference.count / 2))
        rig.advance(4)
        #expect(await rig.wait { $0.state == .idle })
        #expect(rig.player.isControlVisible)
        let same = rig.output.samples == reference
        #expect(same, "\(firstDifference(rig.output.samples, reference[...]))")
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("a progressive MP3 whose connection breaks halfway resumes with a Range request; no gap or repeat")
    func progressiveResume() async throws {
        let mp3 = try tone() + (try tone()) + (try tone()) + (try tone())
        let server = try await StreamServer.start(content: .files([
            "/story.mp3": ServedFile(data: mp3, contentType: "audio/mpeg"),
        ]))
        server.setFaults([FaultRule(path: "/story.mp3", fault: .resetMidBody(times: 1))])
        let rig = StreamRig()
        rig.send(.selected(StreamRequest(source: .http(url: server.url(for: "/story.mp3")))))
        #expect(await rig.wait { $0.inputEnded })
        let reference = try referenceDecode(mp3)
        #expect(await rig.waitDecoded(reference.count / 2))
        rig.advance(5)
        #expect(await rig.wait { $0.state == .idle })
        let same = rig.output.samples == reference
        #expect(same, "\(firstDifference(rig.output.samples, reference[...]))")
        let ranges = server.statistics.requests.map(\.rangeHeader)
        #expect(ranges.count == 2)
        #expect(ranges.first == .some(nil))
        #expect(ranges.last??.hasPrefix("bytes=") == true)
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("memory stays bounded: a client that does not play holds at most its buffer, the rest waits in the network")
    func bounded() async throws {
        let (station, server, rig) = try await manualRadio(rig: StreamRig(configuration: StreamEngineConfiguration(bufferSeconds: 3, connectTimeout: StreamRig.testTimeout, idleTimeout: StreamRig.testTimeout)))
        radio(rig, server: server)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        station.release(seconds: 30)  // ten times the buffer, never played
        #expect(await rig.waitFor { rig.engine.bufferedFrames >= 3 * 44_100 - 4096 })
        #expect(await rig.wait { $0.state == .playing })
        let capacity = 3 * 44_100
        #expect(rig.engine.peakBufferedFrames <= capacity + 4096)
        // Playing drains the buffer and lets the rest in, still within the bound.
        for _ in 0..<12 {
            rig.advance(0.5)
            #expect(await rig.waitFor { rig.engine.bufferedFrames >= 2 * 44_100 })
        }
        #expect(rig.engine.peakBufferedFrames <= capacity + 4096)
        #expect(rig.output.frames >= 6 * 44_100)
        #expect(rig.player.state == .playing)
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("not audio, or not MP3: the player fails at once with the reason, without retrying")
    func notAudio() async throws {
        let server = try await StreamServer.start(content: .files([
            "/page.mp3": ServedFile(string: "<html>moved</html>", contentType: "text/html"),
            "/aac": ServedFile(data: [0xFF, 0xF1, 0x50, 0x80], contentType: "audio/aacp"),
            "/noise": ServedFile(data: (0..<400_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) },
                                 contentType: "audio/mpeg"),
        ]))
        let rig = StreamRig()
        for (path, reason) in [("/page.mp3", "not audio"), ("/aac", "only MP3 is decoded"), ("/noise", "no MP3 audio")] {
            server.resetStatistics()
            rig.send(.selected(StreamRequest(source: .http(url: server.url(for: path)))))
            #expect(await rig.wait { $0.phase == .failed }, "\(path)")
            #expect(rig.player.message?.contains(reason) == true, "\(path): \(rig.player.message ?? "")")
            #expect(server.statistics.requestCount == 1, "\(path) was retried")
        }
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("pausing a live radio closes the connection; resuming joins at the live edge in a new session")
    func pauseLive() async throws {
        let (station, server, rig) = try await manualRadio(burstSeconds: 1, rig: StreamRig(policy: StreamPolicy(startSeconds: 0.5, retryDelays: [0.05])))
        radio(rig, server: server)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        station.release(seconds: 1)
        #expect(await rig.wait { $0.state == .playing })
        rig.send(.tapped)
        #expect(rig.player.state == .paused)
        #expect(await rig.waitFor { station.statistics.listeners == 0 })
        station.release(seconds: 5)  // aired while paused: not heard
        rig.send(.tapped)
        #expect(rig.player.session == StreamSessionID(2))
        #expect(await rig.wait { $0.state == .playing }, "the burst of the live edge is enough to start")
        #expect(station.statistics.listenersAccepted == 2)
        await rig.shutdown()
        try await server.shutdown()
    }

    @Test("audio focus lost: the session closes, the output is released, the control disappears")
    func audioFocus() async throws {
        let (station, server, rig) = try await manualRadio()
        radio(rig, server: server)
        #expect(await rig.waitFor { station.statistics.listeners == 1 })
        station.release(seconds: 3)
        #expect(await rig.wait { $0.state == .playing })
        rig.send(.audioFocusLost)
        #expect(await rig.waitFor { rig.output.closeCount == 1 && station.statistics.listeners == 0 })
        #expect(!rig.player.isControlVisible)
        #expect(rig.output.isPaused)
        await rig.shutdown()
        try await server.shutdown()
    }
}

/// A server that answers every connection with fixed bytes (for answers StreamServer will not give).
final class RawAnswerServer: @unchecked Sendable {
    let channel: any Channel

    init(answer: [UInt8]) async throws {
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answerer(answer: answer))
                }
            }
        channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(channel.localAddress?.port ?? 0)/radio")! }

    func shutdown() async { try? await channel.close() }

    private final class Answerer: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let answer: [UInt8]
        init(answer: [UInt8]) { self.answer = answer }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.writeAndFlush(NIOAny(ByteBuffer(bytes: answer)), promise: nil)
        }
    }
}

@Suite("Stream playback: answers that are not HTTP")
struct NonHTTPAnswerTests {
    @Test("a SHOUTcast v1 `ICY 200 OK` answer fails at once with a message saying so, without retrying")
    func icyStatusLine() async throws {
        let server = try await RawAnswerServer(
            answer: Array("ICY 200 OK\r\nicy-name: Old\r\nContent-Type: audio/mpeg\r\n\r\n".utf8) + [0xFF, 0xFB, 0x90, 0x64])
        let rig = StreamRig()
        rig.send(.selected(StreamRequest(source: .http(url: server.url))))
        #expect(await rig.wait { $0.phase == .failed })
        let message = rig.player.message ?? ""
        #expect(message.hasPrefix("Stream failed: \(server.url): the answer is not HTTP"), "\(message)")
        #expect(message.contains("ICY 200 OK"))
        #expect(rig.problems.all.isEmpty, "retried: \(rig.problems.all)")
        await rig.shutdown()
        await server.shutdown()
    }
}

@Suite("Stream playback in real time")
struct RealTimeStreamTests {
    @Test("a real-time radio played with the pump thread's clock: buffers, plays, advances; stop ends the thread")
    func pumpThread() async throws {
        let station = try RadioStation(mp3: try fixtureBytes("tone.mp3"), pacing: .realTime, burstSeconds: 0)
        let server = try await StreamServer.start(content: .files([:]))
        server.mount(station, at: "/radio.mp3")
        // The rig's machine and engine, but the engine's clock is the pump thread's: the test only applies the
        // reports (`settle`), it never pumps.
        let rig = StreamRig(policy: StreamPolicy(startSeconds: 0.3))
        let pump = StreamPumpThread(engine: rig.engine, interval: 0.005)
        rig.send(.selected(StreamRequest(source: .http(url: server.url(for: "/radio.mp3")))))
        // Bounds against hanging only (on a loaded 2-core machine the real-time station and the pump thread can
        // starve for many seconds).
        #expect(await waitUntil { rig.settle(); return rig.player.state == .playing })
        let heard = rig.output.frames
        #expect(await waitUntil { rig.output.frames >= heard + 4410 }, "the real clock moved the output on")
        pump.stop()
        await rig.shutdown()
        try await server.shutdown()
    }
}
