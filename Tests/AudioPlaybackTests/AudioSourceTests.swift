import Testing
import MPEGTS
@testable import AudioPlayback

@Suite("Choosing what to play")
struct AudioSourceTests {
    @Test("An MP3 file is played as is")
    func mp3() throws {
        let warnings = Recorder<String>()
        let resolver = AudioSourceResolver(fallbackPath: nil) { warnings.append($0) }
        let path = try fixturePath("tone.mp3")
        let audio = try resolver.resolve(path: path)
        #expect(audio.origin == .mp3File)
        #expect(audio.path == path)
        #expect(audio.mp3 == (try fixtureBytes("tone.mp3")))
        #expect(warnings.all.isEmpty)
    }

    @Test("MP3 in MPEG-TS is demultiplexed: 40 MPEG-1 layer III frames (ffprobe count), PID 0x100")
    func transportStream() throws {
        let resolver = AudioSourceResolver(fallbackPath: try fixturePath("tone.mp3"))
        let audio = try resolver.resolve(path: try fixturePath("tone_mp3.ts"))
        #expect(audio.origin == .transportStream(pid: 0x100, codec: .mpeg1Audio))
        #expect(MPEGAudioFrameHeader.scan(audio.mp3).frames == 40)
        #expect(Array(audio.mp3.prefix(2)) == [0xFF, 0xFB])
    }

    @Test("AAC in MPEG-TS plays the fallback and says so in one line")
    func aacFallsBack() throws {
        let warnings = Recorder<String>()
        let fallback = try fixturePath("tone.mp3")
        let path = try fixturePath("tone_aac.ts")
        let resolver = AudioSourceResolver(fallbackPath: fallback) { warnings.append($0) }
        let audio = try resolver.resolve(path: path)
        #expect(audio.origin == .fallback(reason: "audio is AAC (ADTS) in MPEG-TS, not MP3"))
        #expect(audio.path == fallback)
        #expect(warnings.all == ["\(path): audio is AAC (ADTS) in MPEG-TS, not MP3; playing fallback \(fallback)"])
    }

    @Test("Without a fallback an unplayable file is an error naming the file and the reason")
    func noFallback() throws {
        let path = try fixturePath("tone_aac.ts")
        #expect(throws: AudioPlaybackError.unplayable(path: path, reason: "audio is AAC (ADTS) in MPEG-TS, not MP3")) {
            try AudioSourceResolver(fallbackPath: nil).resolve(path: path)
        }
        #expect(throws: AudioPlaybackError.unplayable(path: "/nonexistent/x.ts", reason: "cannot read the file (no such file)")) {
            try AudioSourceResolver(fallbackPath: nil).resolve(path: "/nonexistent/x.ts")
        }
    }

    @Test("Raw PCM is neither MP3 nor MPEG-TS")
    func classifyPCM() throws {
        let pcm = Array(try fixtureBytes("tone.s16le").prefix(4000))
        guard case .unplayable(let reason) = AudioSourceResolver.classify(pcm) else {
            Issue.record("PCM classified as playable")
            return
        }
        #expect(reason.hasPrefix("neither MP3 nor MPEG-TS"))
    }
}
