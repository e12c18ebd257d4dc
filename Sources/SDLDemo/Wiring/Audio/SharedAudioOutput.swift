import AudioPlayback

/// The window's one audio device, shared by the file player and the stream engine (only one of them plays at a
/// time: ``AudioSelection`` stops the other first). Opening a second SDL device would write a second disk-audio
/// file over the first, and a desktop shows one stream per app anyway.
///
/// ``close()`` — what an engine calls to release the audio — only pauses and empties the device here; the
/// device itself is closed once, by ``closeDevice()``, when the window closes. Main thread only.
final class SharedAudioOutput: AudioOutput {
    private let device: any AudioOutput

    init(device: any AudioOutput) {
        self.device = device
    }

    var format: PCMFormat { device.format }
    var name: String { device.name }
    var queuedFrames: Int { device.queuedFrames }
    func enqueue(_ samples: [Int16]) throws(AudioPlaybackError) { try device.enqueue(samples) }
    func setPaused(_ paused: Bool) { device.setPaused(paused) }
    func clear() { device.clear() }

    /// Releases the audio for the engine that calls it: silence, nothing queued; the device stays open.
    func close() {
        device.setPaused(true)
        device.clear()
    }

    /// Closes the device for good.
    func closeDevice() {
        device.setPaused(true)
        device.clear()
        device.close()
    }
}
