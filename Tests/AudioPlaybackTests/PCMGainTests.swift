import AudioPlayback
import Testing

/// The volume rule on PCM, and the output that applies it in front of a device.
@Suite("PCMGain and GainedAudioOutput")
struct PCMGainTests {
    @Test("scales, rounds and clamps; 1 and more leave the samples untouched; 0 and less are silence")
    func gain() {
        #expect(PCMGain.apply(0.5, to: [1000, -2000, 3, -3]) == [500, -1000, 2, -2])
        #expect(PCMGain.apply(1, to: [Int16.max, Int16.min]) == [Int16.max, Int16.min])
        #expect(PCMGain.apply(4, to: [100]) == [100])
        #expect(PCMGain.apply(0, to: [100, -100]) == [0, 0])
        #expect(PCMGain.apply(-1, to: [100]) == [0])
        #expect(PCMGain.apply(.nan, to: [100]) == [100])
        #expect(PCMGain.apply(0.999_9, to: [Int16.min]) == [Int16.min])
    }

    @Test("the output scales what is enqueued after the gain is set, and passes the rest through")
    func output() throws {
        let recorder = RecordingOutput()
        let audio = GainedAudioOutput(recorder)
        try audio.enqueue([1000, 1000])
        audio.gain = 0.25
        try audio.enqueue([1000, -1000])
        audio.gain = 7
        #expect(audio.gain == 1)
        try audio.enqueue([1000, 1000])
        #expect(recorder.samples == [1000, 1000, 250, -250, 1000, 1000])
        #expect(audio.format == recorder.format && audio.name == "recording")
    }
}
