import AudioPlayback
import Foundation
import Samples
import MPEGTS
import StreamServer
import Testing
import TestSupport

/// Streams in the window: `SDLDemo --stream URL --title T` against a StreamServer in this process — an endless
/// ICY radio (titles in the trace and the picture, a dropped connection, the server going off the air), a live
/// HLS window played for 20 s under SDL's disk driver (the PCM compared with a reference decode of the served
/// segments), and the media controls on a private session bus, driven by `playerctl`.
@Suite("Streams in the window", .serialized, .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct StreamWindowTests {
    // MARK: - Radio

    @Test("an endless ICY radio: buffering, then playing with the LIVE mark, the headphones, the ICY title and the station under the circle")
    func radioTitles() async throws {
        let rig = try await RadioRig.start()
        // The title changes once the first title has been on the air for five more metadata intervals (8192 bytes
        // of this 96 kbit/s MP3 each, 0.68 s aired in real time): "First song" stays the latest title for at least
        // 3.4 s of the window's reading, however the burst and the reads fall. (Changing it right after the first
        // block left "First song" the latest for 0.36 s; a window that read both blocks in one go under load never
        // drew it: 1 run in 20 beside a build.)
        let run = try await rig.runDemo("""
            0 size 800 600
            0 wait-state playing \(DemoRun.serverWait)
            0 wait-title Second song \(DemoRun.serverWait)
            100 screenshot radio.png
            100 quit
            """, when: { $0.titleBlocksSent >= 1 && $0.bytesSent >= 6 * 8192 }, then: { $0.setTitle("Second song") })
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.first?.stream == true)
        #expect(frames.contains { $0.state == "fetching" }, "buffering is shown as fetching (the spinner)")
        let playing = try #require(frames.last { $0.state == "playing" })
        #expect(playing.live == true)
        #expect(playing.audible == true)
        #expect(playing.nowPlaying == "Second song")
        #expect(playing.artist == "Test FM", "the station moves under an announced title")
        #expect(frames.contains { $0.nowPlaying == "First song" }, "the first ICY title was shown")
        #expect((playing.buffer ?? 0) > 0)
        // The picture: the LIVE badge over the circle's top, the headphones disc, the now-playing lines.
        let image = try LoadedImage(contentsOf: run.file("radio.png"))
        let badge = image.pixel(383, 240, is: (0xD6, 0x28, 0x28))
        #expect(badge, "LIVE badge: \(image.rgba(383, 240))")
        // The headphones disc (navy, white rim) centred at (400 + 0.74 r, 300 + 0.74 r), radius 14.
        let disc = image.pixel(444, 353, is: Colors.body)
        #expect(disc, "headphones disc: \(image.rgba(444, 353))")
        let text = StreamDemo.hasDarkPixel(image, x: 300..<500, y: 372..<404)
        #expect(text, "now-playing text under the circle")
        try await rig.stop()
    }

    @Test("a connection dropped mid-stream: the window reconnects and plays on; the server saw a second listener")
    func droppedConnection() async throws {
        let rig = try await RadioRig.start()
        // Drop once the listener has had 4 s of audio (the player is playing by then), then retitle the station:
        // only a listener that connected again can show the new title, so the script waits for that event
        // instead of for a stretch of real time (7 s was too short on a loaded machine).
        let run = try await rig.runDemo("""
            0 size 800 600
            0 wait-state playing \(DemoRun.serverWait)
            0 wait-title After the drop \(DemoRun.serverWait)
            0 wait-state playing \(DemoRun.serverWait)
            100 quit
            """, when: { $0.bytesSent >= 4 * 16_000 }, then: { station in
                station.dropListeners(reset: true)
                station.setTitle("After the drop")
            })
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(rig.station.statistics.listenersAccepted >= 2, "no reconnection")
        let frames = try run.frames()
        #expect(!frames.contains { $0.state == "failed" }, "a dropped connection is no failure")
        #expect(run.stderr.contains("connection lost"), "the drop is logged: \(run.stderr)")
        try await rig.stop()
    }

    @Test("the server stops: the window shows the failed state and draws the message under the circle")
    func serverStops() async throws {
        let rig = try await RadioRig.start()
        let run = try await rig.runDemo("""
            0 size 800 600
            0 wait-state playing \(DemoRun.serverWait)
            0 wait-state failed \(DemoRun.serverWait)
            100 screenshot failed.png
            100 quit
            """, when: { $0.bytesSent >= 3 * 16_000 }, then: { station in
                station.stop()
                station.dropListeners(reset: true)
            })
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let failed = try #require(try run.frames().last { $0.state == "failed" })
        let message = try #require(failed.message)
        #expect(message.contains("404"), "\(message)")
        let image = try LoadedImage(contentsOf: run.file("failed.png"))
        let ring = image.pixel(400, 243, is: Colors.failureRing)
        #expect(ring, "failure ring: \(image.rgba(400, 243))")
        let drawn = StreamDemo.hasPixel(image, x: 250..<550, y: 370..<430) { $0.r > 0x80 && $0.g < 0x50 && $0.b < 0x60 }
        #expect(drawn, "the message is drawn in the error colour under the circle")
        try await rig.stop()
    }

    // MARK: - Switching

    @Test("switching: a download mid-fetch is retired (cache deleted) when a stream plays; releasing the audio returns the default player, ready, and leaves no file")
    func switching() async throws {
        let rig = try await RadioRig.start()
        let run = try await DemoRun.script("""
            0 size 800 600
            100 key space
            100 wait-state fetching 5000
            200 play-stream \(rig.url) Test FM
            200 wait-state playing \(DemoRun.serverWait)
            200 wait-title First song \(DemoRun.serverWait)
            300 release-audio
            300 wait-state uninitialized 5000
            400 screenshot released.png
            400 quit
            """, arguments: [])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let firstStream = try #require(frames.firstIndex { $0.stream == true })
        #expect(frames[..<firstStream].contains { $0.state == "fetching" }, "the download was fetching before the switch")
        let released = try #require(frames.last)
        #expect(released.stream == nil && released.state == "uninitialized" && released.circle == nil,
                "the default player is back, ready: \(released)")
        // The download's cache file (in TMPDIR, which DemoRun points at the run's directory) is gone.
        let left = try FileManager.default.contentsOfDirectory(atPath: run.directory.path).filter { $0.hasPrefix("CirclePlayer-") }
        #expect(left.isEmpty, "left behind: \(left)")
        try await rig.stop()
    }

    @Test("with --stream there is no default download: release-audio stops the stream and hides the circle; a tap where it was does nothing")
    func hiddenCircle() async throws {
        let rig = try await RadioRig.start()
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-state playing \(DemoRun.serverWait)
            100 release-audio
            100 wait-state uninitialized 5000
            200 tap 400 300
            300 screenshot hidden.png
            300 quit
            """, arguments: ["--stream", rig.url])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.contains { $0.stream == true && $0.state == "playing" })
        let last = try #require(frames.last)
        #expect(last.circle == "hidden" && last.state == "uninitialized", "\(last)")
        let image = try LoadedImage(contentsOf: run.file("hidden.png"))
        let empty = image.pixel(400, 300, is: Colors.background)
        #expect(empty, "no circle drawn: \(image.rgba(400, 300))")
        try await rig.stop()
    }

    // MARK: - Live HLS

    @Test("a live HLS window sliding in real time, played 20 s to SDL's disk driver: no gap, no repeat (the served segments' decode)")
    func liveHLSPlaysWithoutGaps() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let playlist = try SampleName.defaultStream.directory().appendingPathComponent("hls_a192K_v4.m3u8").path
        let live = try server.startLive(LiveStreamConfiguration(source: try LiveSource(playlistFile: playlist), windowSize: 6))
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-state playing \(DemoRun.serverWait)
            0 wait-real 20000
            0 screenshot live.png
            0 quit
            """, arguments: ["--stream", live.playlistURL.absoluteString, "--title", "Live HLS"], audio: .disk)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.last { $0.state == "playing" }?.live == true)
        #expect(!run.stderr.contains("live HLS"), "no gap or drop reported: \(run.stderr)")
        // Which segments the server served (each once), and the reference decode of them in one go.
        let served = server.statistics.requests.compactMap { record -> Int? in
            guard record.status == 200, record.path.hasPrefix("/live/seg") else { return nil }
            return Int(record.path.dropFirst("/live/seg".count).dropLast(".ts".count))
        }
        let first = try #require(served.min())
        let last = try #require(served.max())
        #expect(served.sorted() == Array(first...last), "each segment once: \(served)")
        let ts = (first...last).flatMap { live.segmentBytes($0) }
        let (_, audio) = try TransportStreamDemuxer.extractAudio(from: ts)
        let decoder = try MP3Decoder(format: .cdStereo)
        try decoder.feed(audio)
        var reference: [Int16] = []
        while let block = try decoder.decode(maxFrames: 16_384) { reference += block }
        // SDL's disk driver writes exact silence whenever the queue runs dry (it does not wait for real time):
        // compare the non-silent frames, in order.
        let played = StreamDemo.nonSilentFrames(try StreamDemo.samples(run.audioFile))
        let expected = StreamDemo.nonSilentFrames(reference)
        #expect(played.count >= 15 * 44_100 * 2, "played \(Double(played.count) / 88_200) s of audio")
        #expect(played.count <= expected.count, "more audio than was served: \(played.count) > \(expected.count)")
        let same = played == Array(expected.prefix(played.count))
        let difference = zip(played, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(same, "the PCM differs from the reference at sample \(difference ?? -1) of \(played.count)")
        try await server.shutdown()
    }

    // MARK: - Media controls

    @Test("MPRIS published: wait-still still finds the window idle (listening to the bus is no work in flight), and the script's clock keeps to real time")
    func idleWhileListeningToTheBus() async throws {
        let bus = try await SessionBus.start()
        defer { bus.stop() }
        let demo = try await DemoProcess.start(script: """
            0 size 800 600
            0 wait-still \(TestBounds.milliseconds(20_000))
            100 quit
            """, arguments: [], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let run = await demo.finish()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(!run.stderr.contains("MPRIS is off"), "MPRIS was not published: \(run.stderr)")
    }

    @Test("MPRIS for real: playerctl on a private session bus sees SDLDemo, reads title and status, and play-pause pauses and resumes it")
    func mediaControls() async throws {
        let bus = try await SessionBus.start()
        defer { bus.stop() }
        let rig = try await RadioRig.start()
        let demo = try await DemoProcess.start(script: """
            0 size 800 600
            0 wait-state paused \(DemoRun.serverWait)
            0 wait-state playing \(DemoRun.serverWait)
            100 quit
            """, arguments: ["--stream", rig.url, "--title", "Test FM"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(try await bus.playerctl(["status"], becomes: "Playing"), "playerctl never saw Playing")
        let players = try await bus.run("playerctl", ["-l"]).output
        #expect(players.contains("circleplayer"), "\(players)")
        // Playing is published while buffering toward playing; the ICY title follows with the first audio.
        #expect(try await bus.playerctl(["metadata", "title"], becomes: "First song"), "the ICY title never reached the bus")
        #expect(try await bus.playerctl(["metadata", "artist"]) == "Test FM")
        _ = try await bus.playerctl(["play-pause"])
        #expect(try await bus.playerctl(["status"], becomes: "Paused"))
        _ = try await bus.playerctl(["play-pause"])
        #expect(try await bus.playerctl(["status"], becomes: "Playing"))
        let run = await demo.finish()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let states = try run.frames().map(\.state)
        let runs = states.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(runs.contains("paused"), "\(runs)")
        try await rig.stop()
    }
}

extension StreamWindowTests {
    /// About `seconds` of the demo's fallback MP3 as one file: its frames after the LAME Info frame (whose frame
    /// count would say 4 s), repeated; a story as a podcast server sends it (`Content-Length`, ranges).
    static func story(seconds: Double) throws -> [UInt8] {
        let mp3 = [UInt8](try Data(contentsOf: try SampleName.defaultStream.directory().appendingPathComponent("fallback.mp3")))
        var frames: [[UInt8]] = []
        var index = try #require(MP3SeekMap.frameStart(in: mp3, from: 0))
        while let header = MPEGAudioFrameHeader(mp3, at: index), index + header.frameLength <= mp3.count {
            frames.append(Array(mp3[index..<(index + header.frameLength)]))
            index += header.frameLength
        }
        let audio = frames.dropFirst()
        var story: [UInt8] = []
        while Double(story.count) * 8 / 96_000 < seconds { story += audio.joined() }
        return story
    }

    @Test("MPRIS follows a story: its length, CanSeek; playerctl's position (SetPosition) reopens it with a Range there and the bus reads the new position")
    func storyMediaControls() async throws {
        let bus = try await SessionBus.start()
        defer { bus.stop() }
        let mp3 = try Self.story(seconds: 30)
        let map = try #require(MP3SeekMap(head: Array(mp3.prefix(16_384)), totalBytes: mp3.count))
        let server = try await StreamServer.start(content: .files(["/story.mp3": ServedFile(data: mp3, contentType: "audio/mpeg")]))
        let demo = try await DemoProcess.start(script: """
            0 size 800 600
            0 wait-state paused \(DemoRun.serverWait)
            0 wait-state playing \(DemoRun.serverWait)
            100 quit
            """, arguments: ["--stream", server.url(for: "/story.mp3").absoluteString, "--title", "A story"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(try await bus.playerctl(["status"], becomes: "Playing"), "playerctl never saw the story play")
        // mpris:length in microseconds: the seek map's length (a whole frame count), as the window shows it.
        let length = String(Int64((map.duration * 1_000_000).rounded()))
        #expect(try await bus.playerctl(["metadata", "mpris:length"], becomes: length), "the length, in microseconds")
        _ = try await bus.playerctl(["pause"])
        #expect(try await bus.playerctl(["status"], becomes: "Paused"))
        _ = try await bus.playerctl(["position", "20"])
        #expect(try await bus.playerctl(["position"], becomes: "20.000000"), "SetPosition while paused: the anchor at 20 s")
        _ = try await bus.playerctl(["play"])
        let run = await demo.finish()
        defer { run.remove() }
        let ranges = server.statistics.requests.filter { $0.path == "/story.mp3" }.compactMap(\.rangeHeader)
        try await server.shutdown()
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(ranges == ["bytes=\(map.byteOffset(at: 20))-"], "\(ranges)")
    }
}

/// A StreamServer with an endless ICY radio of the demo's fallback MP3, airing in real time.
struct RadioRig: Sendable {
    let server: StreamServer
    let station: RadioStation
    var url: String { server.url(for: "/radio.mp3").absoluteString }

    static func start() async throws -> RadioRig {
        let mp3 = try Data(contentsOf: try SampleName.defaultStream.directory().appendingPathComponent("fallback.mp3"))
        let station = try RadioStation(mp3: Array(mp3), name: "Test FM", title: "First song", metaInterval: 8192,
                                       pacing: .realTime, burstSeconds: 1)
        let server = try await StreamServer.start(content: .files([:]))
        server.mount(station, at: "/radio.mp3")
        return RadioRig(server: server, station: station)
    }

    func stop() async throws {
        try await server.shutdown()
    }

    /// Runs SDLDemo on this station (`--stream URL --title "Test FM"`) with `script`, and meanwhile does `action`
    /// to the station once its statistics satisfy `condition` (an event the test waits for, not a stretch of
    /// time); a run that ends before that skips the action.
    func runDemo(_ script: String, when condition: @escaping @Sendable (RadioStation.Statistics) -> Bool,
                 then action: @escaping @Sendable (RadioStation) -> Void) async throws -> DemoRun {
        let station = self.station
        let actor = Task {
            guard await waitUntil({ condition(station.statistics) }) else { return }
            action(station)
        }
        let run = try await DemoRun.script(script, arguments: ["--stream", url, "--title", "Test FM"])
        // The run is over: an action still waiting (the window never got that far) must not wait any longer.
        actor.cancel()
        await actor.value
        return run
    }
}

/// Helpers for the stream window's runs: the disk driver's PCM and pixel searches.
enum StreamDemo {
    /// Little-endian s16 samples of a raw file.
    static func samples(_ url: URL) throws -> [Int16] {
        let data = try Data(contentsOf: url)
        return data.withUnsafeBytes { raw in raw.bindMemory(to: Int16.self).map { Int16(littleEndian: $0) } }
    }

    /// The stereo frames that are not exact digital silence, flattened.
    static func nonSilentFrames(_ samples: [Int16]) -> [Int16] {
        var out: [Int16] = []
        out.reserveCapacity(samples.count)
        var i = 0
        while i + 1 < samples.count {
            if samples[i] != 0 || samples[i + 1] != 0 { out.append(samples[i]); out.append(samples[i + 1]) }
            i += 2
        }
        return out
    }

    static func hasPixel(_ image: LoadedImage, x: Range<Int>, y: Range<Int>, _ test: ((r: Int, g: Int, b: Int, a: Int)) -> Bool) -> Bool {
        for py in y { for px in x where test(image.rgba(px, py)) { return true } }
        return false
    }

    static func hasDarkPixel(_ image: LoadedImage, x: Range<Int>, y: Range<Int>) -> Bool {
        hasPixel(image, x: x, y: y) { $0.r < 0x60 && $0.g < 0x60 && $0.b < 0x70 }
    }
}
