/// A sink for interleaved 16-bit PCM that plays it (or pretends to) in a push model.
///
/// The ``AudioPlayer`` decides when to push audio from its clock; the output only plays what it gets.
/// Implementations: ``SDLAudioOutput`` (a real device) and ``SilentAudioOutput`` (no device).
public protocol AudioOutput: AnyObject {
    /// The PCM format every pushed buffer must have.
    var format: PCMFormat { get }
    /// A short description for logs, e.g. `SDL (pulseaudio)` or `silent`.
    var name: String { get }
    /// Frames pushed but not yet played (always 0 for outputs without a device).
    var queuedFrames: Int { get }
    /// Appends interleaved samples (`format.channels` per frame) to the play queue.
    func enqueue(_ samples: [Int16]) throws(AudioPlaybackError)
    /// Pauses or resumes the device; the queue is kept, so playback continues where it stopped.
    func setPaused(_ paused: Bool)
    /// Drops everything queued.
    func clear()
    /// Releases the device; the output cannot be used afterwards.
    func close()
}
