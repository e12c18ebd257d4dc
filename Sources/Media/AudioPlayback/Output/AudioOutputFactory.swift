/// Chooses the best available ``AudioOutput``.
public enum AudioOutputFactory {
    /// Opens an SDL audio device; if that fails, calls `warn` once with the reason and returns a
    /// ``SilentAudioOutput`` so playback still runs on the clock.
    ///
    /// ```swift
    /// let output = AudioOutputFactory.makeBest()   // "audio: ...; playing silently" on stderr if no device
    /// ```
    public static func makeBest(
        format: PCMFormat = .cdStereo, warn: (String) -> Void = StandardError.writeLine
    ) -> any AudioOutput {
        do {
            return try SDLAudioOutput(format: format)
        } catch {
            warn("audio: no audio device (\(error)); playing silently")
            return SilentAudioOutput(format: format)
        }
    }
}
