import Foundation

/// An ``AudioOutput`` in front of another that applies a volume to everything enqueued: the media host puts
/// one in front of the shared device for the file player and the stream engine, so one setting covers both
/// (the video engine, on the same device, applies its own).
///
/// The gain applies to samples enqueued after it is set; what the device already holds (the players keep
/// about 0.15 s ahead) plays out at the old level.
///
/// ```swift
/// let audio = GainedAudioOutput(device)
/// audio.gain = 0.3            // from any thread
/// try audio.enqueue(pcm)      // the device gets pcm × 0.3
/// ```
public final class GainedAudioOutput: AudioOutput, @unchecked Sendable {
    /// The output the scaled samples go to.
    public let base: any AudioOutput
    private let lock = NSLock()
    private var storedGain = 1.0

    /// Wraps `base` at a gain of 1.
    public init(_ base: any AudioOutput) {
        self.base = base
    }

    /// The linear gain, 0…1 (values outside are clamped; not a number is 1).
    public var gain: Double {
        get { lock.withLock { storedGain } }
        set { lock.withLock { storedGain = newValue.isFinite ? min(1, max(0, newValue)) : 1 } }
    }

    /// The base's format.
    public var format: PCMFormat { base.format }
    /// The base's name.
    public var name: String { base.name }
    /// The base's queue.
    public var queuedFrames: Int { base.queuedFrames }

    /// Enqueues `samples` scaled by ``gain`` on the base.
    public func enqueue(_ samples: [Int16]) throws(AudioPlaybackError) {
        try base.enqueue(PCMGain.apply(gain, to: samples))
    }

    /// Pauses or resumes the base.
    public func setPaused(_ paused: Bool) { base.setPaused(paused) }
    /// Clears the base's queue.
    public func clear() { base.clear() }
    /// Closes the base.
    public func close() { base.close() }
}
