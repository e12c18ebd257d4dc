import Foundation
import Testing
import TestSupport
@testable import AudioPlayback

/// SDL reads its driver settings from the environment and keeps global state, so these tests run one at a time.
@Suite("SDL audio output (headless drivers)", .serialized)
struct SDLAudioOutputTests {
    @Test("Through the disk driver the device receives exactly the decoded PCM, which matches ffmpeg's decode")
    func diskDriver() async throws {
        let file = TestScratch.root
            .appendingPathComponent("circleplayer-disk-\(ProcessInfo.processInfo.processIdentifier).raw").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        setenv("SDL_AUDIODRIVER", "disk", 1)
        setenv("SDL_DISKAUDIOFILE", file, 1)
        setenv("SDL_DISKAUDIODELAY", "2", 1)  // ms per 1024-frame buffer: ~10× real time, little idle silence
        defer {
            unsetenv("SDL_AUDIODRIVER")
            unsetenv("SDL_DISKAUDIOFILE")
            unsetenv("SDL_DISKAUDIODELAY")
        }
        let pcm = try MP3Decoder.decodeAll(try fixtureBytes("tone.mp3"))
        let output = try SDLAudioOutput(format: .cdStereo)
        #expect(output.name == "SDL (disk)")
        try output.enqueue(pcm)
        #expect(output.queuedFrames > 0)
        output.setPaused(false)
        #expect(await waitUntil { output.queuedFrames == 0 })
        // No waiting for the last buffer: the device thread takes it from the queue and writes it in one turn of
        // its loop (SDL_RunAudio: the callback, then PlayDevice), and closing joins that thread, so the file is
        // complete once close() returns.
        output.close()

        let raw = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let written = stride(from: 0, to: raw.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8)
        }
        let reference = try fixtureSamples("tone.s16le")
        // The device plays silence before the queue starts; align on the first clearly non-silent sample.
        let start = try #require(written.firstIndex { abs(Int($0)) > 100 })
        let referenceStart = try #require(reference.firstIndex { abs(Int($0)) > 100 })
        let played = written[start...].prefix(reference.count - referenceStart)
        #expect(played.count == reference.count - referenceStart)
        #expect(maxDifference(played, reference[referenceStart...]) <= 2)
        // And it is exactly what we queued.
        #expect(Array(played) == Array(pcm[referenceStart...].prefix(played.count)))
    }

    @Test("Without a usable driver the factory warns once and falls back to the silent output")
    func factoryFallsBack() {
        setenv("SDL_AUDIODRIVER", "no-such-driver", 1)
        defer { unsetenv("SDL_AUDIODRIVER") }
        let warnings = Recorder<String>()
        let output = AudioOutputFactory.makeBest { warnings.append($0) }
        #expect(output is SilentAudioOutput)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.hasPrefix("audio: no audio device") == true)
    }

    @Test("The player on the dummy driver plays to the end on a virtual clock")
    func playerOnDummyDriver() throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        defer { unsetenv("SDL_AUDIODRIVER") }
        let output = try SDLAudioOutput()
        defer { output.close() }
        let events = Recorder<AudioPlayerEvent>()
        let player = AudioPlayer(output: output) { events.append($0) }
        player.play(file: try fixturePath("tone.mp3"), at: 0)
        for step in 0...30 { player.pump(now: Double(step) * 0.05) }
        #expect(events.all == [.finished])
        #expect(output.queuedFrames == 0)
    }
}
