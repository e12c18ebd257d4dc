import AudioPlayback
import Foundation
import MediaCore
import MediaHost
import PlayerCore
import Samples
import StreamServer
import Testing
import TestSupport
import VideoCore

/// Every command MediaCore's player asks of the host, run by the host against real I/O (a local server, the
/// downloader, the stream engine, the video engine, a counting device), judged by what the server, the device and
/// the display saw. What the removed PlayerCore drivers were tested for (commands in order, a deletion before the
/// next fetch, reports from other threads, the retry timer) is checked here, on the one host that plays.
@Suite("Media host: the commands it runs", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct MediaHostCommandTests {
    @Test("download: a tap fetches and plays; taps pause and resume the device's audio; a media key is a tap; the end deletes the file")
    func downloadPlayPauseResume() async throws {
        let streams = try await StreamRig.start()
        let rig = try HostRig(fallback: DownloadRequest(playlist: streams.master), clock: .external)
        defer { rig.remove() }
        rig.host.send(.circleTapped)
        #expect(await rig.pump(at: 0) { $0.phase == .playing }, "fetched and playing: \(rig.host.display())")
        #expect(rig.cachedFiles.count == 1)
        rig.host.pump(now: 1)
        let played = rig.output.enqueuedFrames
        #expect(played > 44_100 / 2, "a second of the clock queued audio: \(played)")

        rig.host.send(.circleTapped)
        rig.host.pump(now: 1)
        #expect(rig.host.display().phase == .paused)
        let paused = rig.output.enqueuedFrames
        rig.host.pump(now: 3)
        #expect(rig.output.enqueuedFrames == paused, "nothing is queued while paused")

        rig.host.send(.mediaKeyPressed(.playPause))
        rig.host.pump(now: 3)
        #expect(rig.host.display().phase == .playing, "the media key resumes, as a tap does")
        rig.host.pump(now: 4)
        #expect(rig.output.enqueuedFrames > paused + 44_100 / 2, "resumed where it was")

        // Played to its end (about 10 s of audio): completed, held on screen, then the file is deleted.
        var t = 4.0
        while t < 20, rig.host.display().phase != .uninitialized {
            t += 1.0 / 60
            rig.host.pump(now: t)
        }
        #expect(rig.host.display().phase == .uninitialized, "\(rig.host.display())")
        #expect(rig.cachedFiles.isEmpty, "the played file was deleted")
        await rig.host.shutdown()
        try await streams.stop()
    }

    @Test("a new download while one is fetched: the first is cancelled at the server and its partial file removed; the second plays")
    func newDownloadCancelsTheFetch() async throws {
        let held = try await StreamRig.start()
        held.server.setFaults([FaultRule(path: "*.ts", fault: .holdUntilReleased)])
        let other = try await StreamRig.start()
        let rig = try HostRig(fallback: nil)
        defer { rig.remove() }
        rig.host.send(.playRequested(.download(DownloadRequest(playlist: held.master, title: "Held"))))
        await held.server.waitForStatistics { $0.heldRequests >= 1 }
        #expect(held.server.statistics.heldRequests >= 1, "the first download's segments are held at the server")
        rig.host.send(.playRequested(.download(DownloadRequest(playlist: other.master, title: "Other"))))
        // The window title of a download says its state, not its name: what plays is the machine's now-playing.
        let host = rig.host
        #expect(await waitUntil { host.display().phase == .playing && host.state.nowPlaying?.title == "Other" },
                "\(rig.host.display()), \(String(describing: rig.host.state.nowPlaying))")
        // The cancelled fetch closed its connections: the server sees no request running and holds none.
        await held.server.waitForStatistics { $0.currentRequests == 0 && $0.heldRequests == 0 }
        #expect(held.server.statistics.heldRequests == 0)
        #expect(await HostRig.poll { rig.cachedFiles.count == 1 }, "only the playing file is cached: \(rig.cachedFiles)")
        await rig.host.shutdown()
        try await held.stop()
        try await other.stop()
    }

    @Test("a stream: opened, paused (a live radio lets its connection go), resumed at the live edge in a new session, closed on release")
    func streamOpenPauseResumeClose() async throws {
        let streams = try await StreamRig.start()
        let rig = try HostRig(fallback: nil)
        defer { rig.remove() }
        rig.host.send(.playRequested(.stream(StreamRequest(url: streams.radio, title: "Test FM", isLive: true))))
        #expect(await rig.wait { $0.isStream && $0.phase == .playing }, "\(rig.host.display())")
        rig.host.send(.circleTapped)
        #expect(await rig.wait { $0.phase == .paused })
        #expect(await HostRig.poll { streams.station.statistics.listeners == 0 }, "pausing a live radio closes its connection")
        rig.host.send(.circleTapped)
        #expect(await rig.wait { $0.phase == .playing }, "\(rig.host.display())")
        #expect(streams.station.statistics.listenersAccepted == 2, "resumed in a new session, at the live edge")
        rig.host.send(.audioReleased)
        #expect(await rig.wait { !$0.isVisible }, "released: nothing to show without a fallback")
        #expect(await HostRig.poll { streams.station.statistics.listeners == 0 }, "the session closed")
        await rig.host.shutdown()
        try await streams.stop()
    }

    @Test("a lost connection: the retry is a timer of the host's loop, due on its clock; at that time it reconnects; the loss is logged")
    func retryTimerOnTheHostsClock() async throws {
        let streams = try await StreamRig.start()
        let rig = try HostRig(fallback: nil, clock: .external) { configuration in
            configuration.streamPolicy = StreamPolicy(startSeconds: 0.5, retryDelays: [30])
        }
        defer { rig.remove() }
        rig.host.send(.playRequested(.stream(StreamRequest(url: streams.radio, title: "Test FM", isLive: true))))
        #expect(await rig.pump(at: 0) { $0.phase == .playing }, "\(rig.host.display())")
        streams.station.dropListeners(reset: true)
        // The loss reaches the machine, which waits 30 s of the host's clock before attempt 1.
        #expect(await rig.pump(at: 0) { _ in rig.host.state.stream.reconnect == .waiting(attempt: 1) })
        #expect(rig.log.all.contains { $0.contains("connection lost") && $0.contains("reconnecting in 30.0 s") }, "\(rig.log.all)")
        // Not due at 29.9 s (a step runs every timer due by its time, in that step)…
        let wake = rig.host.pump(now: 29.9)
        #expect(rig.host.state.stream.reconnect == .waiting(attempt: 1), "not due before 30 s")
        #expect(wake.map { abs($0 - (29.9 + MediaHost.audioPumpInterval)) < 1e-9 } == true,
                "while a stream is loaded the loop wakes every \(MediaHost.audioPumpInterval) s: \(String(describing: wake))")
        #expect(streams.station.statistics.listenersAccepted == 1)
        // …due at 30 s: the host reconnects.
        rig.host.pump(now: 30)
        #expect(rig.host.state.stream.reconnect == .connecting(attempt: 1), "due at 30 s: attempt 1 under way")
        #expect(await rig.pump(at: 30) { _ in streams.station.statistics.listenersAccepted == 2 }, "reconnected")
        await rig.host.shutdown()
        try await streams.stop()
    }

    @Test("the audio's volume: what is written to the device after setVolume(0.1) peaks at a tenth of full scale")
    func volume() async throws {
        let streams = try await StreamRig.start()
        let rig = try HostRig(fallback: DownloadRequest(playlist: streams.master), clock: .external)
        defer { rig.remove() }
        rig.host.send(.circleTapped)
        #expect(await rig.pump(at: 0) { $0.phase == .playing })
        rig.host.pump(now: 2)
        let loud = rig.output.takePeak()
        rig.host.send(.controlRequested(.setVolume(0.1)))
        rig.host.pump(now: 2)
        _ = rig.output.takePeak()   // written before the gain applied (the lead queued at 2 s)
        rig.host.pump(now: 4)
        let quiet = rig.output.takePeak()
        #expect(loud > 32_768 / 5, "the sample is loud: \(loud)")
        #expect(quiet <= 32_768 / 10 + 1, "a tenth of full scale at most: \(quiet) (before: \(loud))")
        #expect(rig.host.status().volume.level == 0.1)
        await rig.host.shutdown()
        try await streams.stop()
    }

    @Test("a story seeks: the session reopens with a Range request at the seek map's offset and plays on")
    func storySeek() async throws {
        let directory = try SampleName.defaultStream.directory()
        let mp3 = try [UInt8](Data(contentsOf: directory.appendingPathComponent("fallback.mp3")))
        // Copies end to end: one longer MP3 (its first frame owes nothing to a bit reservoir).
        let story = Array([[UInt8]](repeating: mp3, count: 6).joined())
        let streams = try await StreamRig.start()
        streams.server.setRoutes(RouteTable(routes: [Route(path: "/story.mp3", response: RouteResponse(data: story, contentType: "audio/mpeg"))]))
        let rig = try HostRig(fallback: nil)
        defer { rig.remove() }
        rig.host.send(.playRequested(.stream(StreamRequest(url: streams.server.url(for: "/story.mp3"), title: "A story", isLive: false))))
        #expect(await rig.wait { $0.phase == .playing && $0.isStream }, "\(rig.host.display())")
        rig.host.send(.controlRequested(.seek(to: 10)))
        let map = try #require(MP3SeekMap(head: Array(story.prefix(16_384)), totalBytes: story.count))
        let expected = "bytes=\(map.byteOffset(at: 10))-"
        #expect(await HostRig.poll {
            streams.server.statistics.requests.contains { $0.path == "/story.mp3" && $0.rangeHeader == expected }
        }, "a Range request at 10 s: \(streams.server.statistics.requests.compactMap(\.rangeHeader))")
        #expect(await rig.wait { $0.phase == .playing }, "plays on from there")
        #expect(rig.log.all.allSatisfy { !$0.contains("cannot seek") }, "\(rig.log.all)")
        await rig.host.shutdown()
        try await streams.stop()
    }

    @Test("a video: opened on the video engine (its status shows it playing, the circle hides), closed when the audio is released")
    func video() async throws {
        let server = try await StreamServer.start(content: .directory(try SampleName.video.directory().path))
        let rig = try HostRig(fallback: nil)
        defer { rig.remove() }
        rig.host.send(.playRequested(.video(VideoRequest(source: .hls(server.url(for: "/ts/master.m3u8")), title: "Sample"))))
        #expect(await HostRig.poll { rig.host.video?.state == .playing }, "\(String(describing: rig.host.video))")
        #expect(!rig.host.display().isVisible, "the circle hides while a video plays")
        rig.host.send(.audioReleased)
        #expect(await HostRig.poll { rig.host.video == nil }, "closed: \(String(describing: rig.host.video))")
        await rig.host.shutdown()
        try await server.shutdown()
    }
}
