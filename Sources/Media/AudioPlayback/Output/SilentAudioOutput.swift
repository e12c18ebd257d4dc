/// An ``AudioOutput`` without a device: it accepts and discards audio, so the player runs on its clock alone.
///
/// Used when SDL cannot open an audio device (headless machines, CI); states and completion behave as with sound.
public final class SilentAudioOutput: AudioOutput {
    /// The format the player decodes to.
    public let format: PCMFormat
    /// `silent`.
    public let name = "silent"
    /// Always 0: nothing is held back.
    public var queuedFrames: Int { 0 }
    /// Frames accepted so far (for tests and diagnostics).
    public private(set) var acceptedFrames = 0
    /// Whether the output is paused.
    public private(set) var isPaused = true

    /// Creates a silent output of the given format.
    public init(format: PCMFormat = .cdStereo) {
        self.format = format
    }

    /// Counts and discards the samples.
    public func enqueue(_ samples: [Int16]) throws(AudioPlaybackError) {
        acceptedFrames += samples.count / format.channels
    }

    /// Records the pause state.
    public func setPaused(_ paused: Bool) { isPaused = paused }

    /// Nothing is queued, so nothing to drop.
    public func clear() {}

    /// Nothing to release.
    public func close() {}
}
