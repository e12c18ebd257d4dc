import Foundation
import Testing
import TestSupport
@testable import AudioPlayback

/// The player on a virtual clock with the silent output: deterministic, no device needed.
@Suite("AudioPlayer on a virtual clock")
struct AudioPlayerTests {
    static func makePlayer(fallback: String? = nil) -> (AudioPlayer, SilentAudioOutput, Recorder<AudioPlayerEvent>) {
        let events = Recorder<AudioPlayerEvent>()
        let output = SilentAudioOutput()
        let resolver = AudioSourceResolver(fallbackPath: fallback) { _ in }
        let player = AudioPlayer(output: output, resolver: resolver, lead: 0.1) { events.append($0) }
        return (player, output, events)
    }

    @Test("Plays 1.0 s of tone: position follows the clock, audio is queued 0.1 s ahead, finished exactly at the end")
    func playToEnd() throws {
        let (player, output, events) = Self.makePlayer()
        player.play(file: try fixturePath("tone.mp3"), at: 10.0)
        #expect(player.state == .playing)
        // Before decoding, the estimate counts the 40 audio frames ffprobe finds: 40 × 1152 / 44100 s.
        #expect(abs(player.duration - 40 * 1152 / 44_100) < 1e-9)
        player.pump(now: 10.0)
        #expect(player.position == 0)
        #expect(output.acceptedFrames >= 4410 && output.acceptedFrames < 4410 + 2048)
        player.pump(now: 10.5)
        #expect(abs(player.position - 0.5) < 1e-9)
        #expect(output.acceptedFrames >= 26_460)  // (0.5 + 0.1) s
        player.pump(now: 10.99)
        #expect(events.all.isEmpty)
        #expect(!player.isFinished)
        player.pump(now: 11.0)
        #expect(player.isFinished)
        #expect(player.duration == 1.0)  // exact: 44100 decoded frames
        #expect(player.position == 1.0)
        #expect(output.acceptedFrames == 44_100)
        #expect(events.all == [.finished])
        player.pump(now: 12.0)
        #expect(events.all == [.finished])  // reported once
    }

    @Test("Pause keeps the position while the clock runs on; resume continues from it")
    func pauseResume() throws {
        let (player, output, events) = Self.makePlayer()
        player.play(file: try fixturePath("tone.mp3"), at: 0)
        player.pump(now: 0.25)
        player.pause(at: 0.4)
        #expect(player.state == .paused)
        #expect(abs(player.position - 0.4) < 1e-9)
        #expect(output.isPaused)
        player.pump(now: 5.0)
        #expect(abs(player.position - 0.4) < 1e-9)
        player.resume(at: 5.0)
        #expect(!output.isPaused)
        player.pump(now: 5.5)
        #expect(abs(player.position - 0.9) < 1e-9)
        player.pump(now: 5.65)
        #expect(events.all == [.finished])
    }

    @Test("A missing file without fallback fails at the next pump, naming the file")
    func missingFile() {
        let (player, _, events) = Self.makePlayer()
        player.play(file: "/nonexistent/track.ts")
        #expect(events.all.isEmpty)
        player.pump(now: 0)
        #expect(events.all.count == 1)
        guard case .failed(let message)? = events.all.first else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("/nonexistent/track.ts"))
    }

    @Test("AAC in MPEG-TS plays the fallback to the end")
    func fallbackPlays() throws {
        let (player, _, events) = Self.makePlayer(fallback: try fixturePath("tone.mp3"))
        player.play(file: try fixturePath("tone_aac.ts"), at: 0)
        #expect(player.source?.origin == .fallback(reason: "audio is AAC (ADTS) in MPEG-TS, not MP3"))
        for step in 1...25 { player.pump(now: Double(step) * 0.05) }
        #expect(events.all == [.finished])
    }

    @Test("MP3 in MPEG-TS plays; stop returns to idle without an event")
    func transportStreamAndStop() throws {
        let (player, _, events) = Self.makePlayer()
        player.play(file: try fixturePath("tone_mp3.ts"), at: 0)
        #expect(player.source?.origin == .transportStream(pid: 0x100, codec: .mpeg1Audio))
        player.pump(now: 0.3)
        player.stop()
        #expect(player.state == .idle)
        #expect(player.position == 0)
        player.pump(now: 2)
        #expect(events.all.isEmpty)
    }

    @Test("A file that looks like MP3 but holds no audio fails once, and is not reported finished")
    func undecodable() throws {
        let path = TestScratch.root
            .appendingPathComponent("circleplayer-garbage-\(ProcessInfo.processInfo.processIdentifier).mp3").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // An empty ID3v2.4 tag, then bytes that contain no MPEG audio frame sync.
        let bytes: [UInt8] = [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0] + (0..<3000).map { UInt8($0 % 100) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let (player, _, events) = Self.makePlayer()
        player.play(file: path, at: 0)
        player.pump(now: 0.1)
        player.pump(now: 0.2)
        #expect(events.all.count == 1)
        guard case .failed(let message)? = events.all.first, case .failed = player.state else {
            Issue.record("expected a failure, got \(events.all)")
            return
        }
        #expect(message.contains(path))
        #expect(!player.isFinished)
    }
}
