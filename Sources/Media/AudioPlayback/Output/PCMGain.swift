/// Scales 16-bit PCM by a linear gain: the one volume rule of the file player, the stream engine (through
/// ``GainedAudioOutput``) and the video engine.
///
/// ```swift
/// PCMGain.apply(0.5, to: [1000, -2000])   // [500, -1000]
/// PCMGain.apply(1, to: samples)           // samples, untouched
/// ```
public enum PCMGain {
    /// `samples` times `gain` (0…1; rounded to the nearest, clamped to Int16); unchanged at a gain of 1 or more
    /// (nothing is amplified), silence at 0 or less.
    public static func apply(_ gain: Double, to samples: [Int16]) -> [Int16] {
        if gain >= 0.999 || !gain.isFinite { return samples }
        if gain <= 0 { return [Int16](repeating: 0, count: samples.count) }
        return samples.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
    }
}
