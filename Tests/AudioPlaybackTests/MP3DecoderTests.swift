import Testing
@testable import AudioPlayback

@Suite("MP3 decoding with libmpg123")
struct MP3DecoderTests {
    @Test("Decoding tone.mp3 matches ffmpeg's decode (same length, within 2 LSB)")
    func matchesFFmpeg() throws {
        let pcm = try MP3Decoder.decodeAll(try fixtureBytes("tone.mp3"))
        let reference = try fixtureSamples("tone.s16le")
        #expect(reference.count == 2 * 44_100)
        #expect(pcm.count == reference.count)
        #expect(maxDifference(pcm[...], reference[...]) <= 2)
    }

    @Test("Feeding in small pieces and decoding in small blocks gives the same samples")
    func incremental() throws {
        let mp3 = try fixtureBytes("tone.mp3")
        let decoder = try MP3Decoder(format: .cdStereo)
        var pcm: [Int16] = []
        var index = 0
        while index < mp3.count {
            let end = min(index + 333, mp3.count)
            try decoder.feed(Array(mp3[index..<end]))
            index = end
            while let block = try decoder.decode(maxFrames: 100) { pcm += block }
        }
        #expect(pcm == (try MP3Decoder.decodeAll(mp3)))
        #expect(decoder.decodedFrames == 44_100)
    }

    @Test("Mono output: one channel per frame, the left channel of the tone (440 Hz) mixed with the right")
    func monoOutput() throws {
        let mono = try MP3Decoder.decodeAll(try fixtureBytes("tone.mp3"), format: PCMFormat(sampleRate: 44_100, channels: 1))
        #expect(mono.count == 44_100)
    }

    @Test("Bytes that are not MPEG audio give no audio")
    func garbage() throws {
        let garbage = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(throws: AudioPlaybackError.self) { try MP3Decoder.decodeAll(garbage) }
    }

    @Test("MPEG audio frame header: MPEG-1 layer III 128 kbit/s 44.1 kHz is 417/418 bytes, 1152 samples")
    func frameHeader() throws {
        let header = try #require(MPEGAudioFrameHeader([0xFF, 0xFB, 0x90, 0x64], at: 0))
        #expect(header.version == 1 && header.layer == 3)
        #expect(header.bitRate == 128_000 && header.sampleRate == 44_100)
        #expect(header.frameLength == 417)  // floor(144 * 128000 / 44100), no padding
        #expect(header.samplesPerFrame == 1152)
        let padded = try #require(MPEGAudioFrameHeader([0xFF, 0xFB, 0x92, 0x64], at: 0))
        #expect(padded.frameLength == 418)
        #expect(MPEGAudioFrameHeader([0xFF, 0xFB, 0xF0, 0x64], at: 0) == nil)  // bitrate index 15 is invalid
    }
}

@Suite("MP3 decoding: format conversion")
struct MP3FormatConversionTests {
    @Test("A 0.5 s mono 48 kHz MP3 comes out as 0.5 s of 44.1 kHz stereo with the 440 Hz tone intact")
    func resamplesAndUpmixes() throws {
        let pcm = try MP3Decoder.decodeAll(try fixtureBytes("sine48k_mono.mp3"), format: .cdStereo)
        let frames = pcm.count / 2
        #expect(abs(frames - 22_050) <= 64)
        let left = stride(from: 0, to: pcm.count, by: 2).map { pcm[$0] }
        let right = stride(from: 1, to: pcm.count, by: 2).map { pcm[$0] }
        #expect(left == right)  // mono duplicated to both channels
        // 440 Hz over 0.5 s: 220 upward zero crossings (allow for the fade-in at the start).
        let crossings = zip(left, left.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
        #expect(abs(crossings - 220) <= 3)
    }
}
