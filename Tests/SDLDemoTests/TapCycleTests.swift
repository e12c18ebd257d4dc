import Foundation
import Samples
import Testing
import TestSupport

/// One full player cycle against the embedded stream, driven by a script; several tests look at it.
enum TapCycle {
    static let script = """
        # tap → fetching → playing → paused → playing → completed → uninitialized
        0 size 800 600
        200 screenshot uninitialized.bmp
        300 down 400 300
        320 up 400 300
        320 wait-state fetching 5000
        320 screenshot fetching.bmp
        400 wait-state playing 30000
        400 screenshot playing.bmp
        500 key space
        500 wait-state paused 2000
        500 screenshot paused.bmp
        700 key space
        700 wait-state playing 2000
        700 wait-real 10500
        800 wait-state completed 300000
        800 screenshot completed.bmp
        900 wait-state uninitialized 5000
        1000 quit
        """

    /// The run, made once for all tests in this file. SDL's disk driver (with no delay) keeps writing
    /// silence while the device is open, so the audio file is summarised right away and then removed.
    ///
    /// The second stretch of playback runs in step with real time (`wait-real`): the player's completion
    /// follows the script's clock and clears what the device has not played yet, and a clock running as fast as
    /// frames are drawn once outran the disk driver's thread on a loaded machine (0.4 s of the track cut off).
    /// In real time the driver, which takes audio as fast as it can, stays ahead of the clock. 10.5 s: the track
    /// (10.29 s, 0.1 s of it played before the pause) completes inside that stretch, and its completed state
    /// (shown 0.8 s) is still on when the script then waits for it.
    static let shared = Task<(run: DemoRun, audio: Result<PCMStats, any Error>), any Error> {
        let run = try await DemoRun.script(script, audio: .disk)
        let audio = Result { try PCMStats(contentsOf: run.audioFile) }
        try? FileManager.default.removeItem(at: run.audioFile)
        return (run, audio)
    }

    /// The run (made by the first test that asks).
    static func run() async throws -> DemoRun {
        try await shared.value.run
    }

    /// The summary of the disk driver's output.
    static func audio() async throws -> PCMStats {
        try await shared.value.audio.get()
    }
}

@Suite("Tap cycle against the embedded stream")
struct TapCycleTests {
    @Test("states run uninitialized → fetching → playing → paused → playing → completed → uninitialized")
    func stateOrder() async throws {
        let run = try await TapCycle.run()
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.stateRuns == ["uninitialized", "fetching", "playing", "paused", "playing", "completed", "uninitialized"],
                "\(frames.stateRuns)")
    }

    @Test("progress rises monotonically while fetching and the circle is full once fetched")
    func progress() async throws {
        let run = try await TapCycle.run()
        let frames = try run.frames()
        let fetching = frames.filter { $0.state == "fetching" }
        #expect(!fetching.isEmpty)
        for (a, b) in zip(fetching, fetching.dropFirst()) {
            #expect(b.progress >= a.progress, "progress fell from \(a.progress) to \(b.progress) at \(b.t) ms")
        }
        #expect(fetching.allSatisfy { $0.progress >= 0 && $0.progress <= 1 })
        let firstPlaying = try #require(frames.first { $0.state == "playing" })
        #expect(firstPlaying.progress == 1)
        #expect(frames.filter { $0.state == "uninitialized" }.allSatisfy { $0.progress == 0 })
    }

    @Test("the cached download is deleted at the end")
    func cachedFileDeleted() async throws {
        let run = try await TapCycle.run()
        // The demo names its cache file on stderr; it lived in TMPDIR (the run's directory) and is gone.
        let line = try #require(run.stderr.split(separator: "\n").first { $0.contains("caching download at ") })
        let path = String(try #require(line.components(separatedBy: "caching download at ").last))
        #expect(path.hasPrefix(run.directory.path), "cache file \(path) outside TMPDIR")
        #expect(!FileManager.default.fileExists(atPath: path), "\(path) still exists")
        let left = try FileManager.default.contentsOfDirectory(atPath: run.directory.path)
        let expected: Set<String> = ["script.txt", "trace.jsonl", "stdout.txt", "stderr.txt",
                                     "uninitialized.bmp", "fetching.bmp", "playing.bmp", "paused.bmp", "completed.bmp"]
        #expect(Set(left).isSubset(of: expected), "left behind: \(Set(left).subtracting(expected))")
    }

    @Test("the disk audio output holds the decoded audio: non-silent, as long and as loud as the track")
    func diskAudio() async throws {
        let run = try await TapCycle.run()
        let played = try await TapCycle.audio()
        #expect(played.peak > 1000, "peak sample \(played.peak): silent")
        // The track the downloader must pick: the 192 kbit/s stereo rendition of the embedded stream,
        // decoded independently by ffmpeg.
        let track = try SampleName.defaultStream.directory().appendingPathComponent("hls_a192K.ts")
        let soundSeconds: Double
        if PCMStats.hasFFmpeg {
            let reference = try await PCMStats.reference(decoding: track)
            #expect(abs(played.nonSilentSeconds - reference.nonSilentSeconds) < 0.05,
                    "played \(played.nonSilentSeconds) s of sound, the track has \(reference.nonSilentSeconds) s")
            #expect(abs(played.energy - reference.energy) / reference.energy < 0.02,
                    "energy \(played.energy) vs \(reference.energy)")
            soundSeconds = reference.nonSilentSeconds
        } else {
            // Without ffmpeg: the track is documented as 11 segments, 10.29 s, ending in a decay to silence
            // (Sources/Samples/DefaultStream/README.md); at least 9.5 s of it is sound.
            #expect(played.nonSilentSeconds > 9.5 && played.nonSilentSeconds < 10.3,
                    "played \(played.nonSilentSeconds) s of sound")
            soundSeconds = played.nonSilentSeconds
        }
        // The time the trace spent in "playing" (virtual) matches the track's length (about 10.3 s).
        let frames = try run.frames()
        var playing = 0.0
        for (a, b) in zip(frames, frames.dropFirst()) where a.state == "playing" { playing += (b.t - a.t) / 1000 }
        #expect(playing >= soundSeconds && playing <= soundSeconds + 1,
                "playing for \(playing) s of virtual time")
    }
}

/// Screenshots of each state, checked by sampling pixels at the icons' documented geometry
/// (circle radius 60 at the window centre; triangle centroid at the centre; pause bars 0.2·r apart,
/// 0.17·r wide; spinner arc at radius 0.42·r).
@Suite("Icons by pixels")
struct IconPixelTests {
    static let (cx, cy, r) = (400, 300, 60.0)

    func image(_ name: String) async throws -> BMPImage {
        let run = try await TapCycle.run()
        return try BMPImage(contentsOf: run.file(name))
    }

    /// Whether the pixel at (dx, dy) from the circle's centre is icon white. (A plain function, so a
    /// failed expectation does not print the whole image.)
    func isIcon(_ image: BMPImage, _ dx: Double, _ dy: Double) -> Bool {
        image.pixel(Self.cx + Int(dx.rounded()), Self.cy + Int(dy.rounded()), is: Colors.icon, tolerance: 20)
    }

    func checkPlay(_ image: BMPImage) {
        // Inside the triangle: its centroid and a point towards its tip; outside: left of its back edge.
        do { let ok = isIcon(image, 0, 0); #expect(ok) }
        do { let ok = isIcon(image, 0.3 * Self.r, 0); #expect(ok) }
        do { let ok = !isIcon(image, -0.35 * Self.r, 0); #expect(ok) }
        do { let ok = !isIcon(image, 0, 0.4 * Self.r); #expect(ok) }
    }

    @Test("uninitialized and paused show the play triangle")
    func play() async throws {
        checkPlay(try await image("uninitialized.bmp"))
        checkPlay(try await image("paused.bmp"))
        // Uninitialized: empty circle body; background outside the circle.
        let idle = try await image("uninitialized.bmp")
        do { let ok = idle.pixel(Self.cx - 45, Self.cy, is: Colors.body); #expect(ok) }
        do { let ok = idle.pixel(Self.cx - 70, Self.cy, is: Colors.background); #expect(ok) }
    }

    @Test("playing shows two pause bars with a gap in the middle, on a full circle")
    func pause() async throws {
        let image = try await image("playing.bmp")
        let barCentre = (0.1 + 0.085) * Self.r
        do { let ok = isIcon(image, -barCentre, 0); #expect(ok) }
        do { let ok = isIcon(image, barCentre, 0); #expect(ok) }
        do { let ok = isIcon(image, barCentre, 0.25 * Self.r); #expect(ok) }
        do { let ok = !isIcon(image, 0, 0); #expect(ok, "the gap between the bars is not empty") }
        do { let ok = image.pixel(Self.cx, Self.cy, is: Colors.fill); #expect(ok, "the circle is not filled") }
        do { let ok = !isIcon(image, barCentre, 0.4 * Self.r); #expect(ok) }
    }

    @Test("fetching and completed show a spinner: an arc of about three quarters at radius 0.42·r")
    func spinner() async throws {
        for name in ["fetching.bmp", "completed.bmp"] {
            let image = try await image(name)
            var onArc = 0
            let samples = 72
            for i in 0..<samples {
                let angle = Double(i) / Double(samples) * 2 * Double.pi
                if isIcon(image, 0.42 * Self.r * cos(angle), 0.42 * Self.r * sin(angle)) { onArc += 1 }
            }
            #expect(onArc >= 48 && onArc <= 58, "\(name): \(onArc) of \(samples) ring samples white")
            do { let ok = !isIcon(image, 0, 0); #expect(ok, "\(name): centre should be empty") }
            do { let ok = !isIcon(image, 0.25 * Self.r, 0); #expect(ok, "\(name): inside the ring should be empty") }
        }
    }
}
