/// A side effect ``VideoPlayer`` asks for, run in order by the engine; results come back as ``VideoEvent``s.
public enum VideoCommand: Equatable, Sendable {
    /// Start a session: open the source and fill the buffer from `from` (nil: the start of a VOD stream, the live
    /// edge of a live one). Nothing plays until ``startClock(_:)``.
    case load(VideoSessionID, VideoRequest, from: Double?)
    /// Start (or resume) the audio device and the clock.
    case startClock(VideoSessionID)
    /// Stop the audio device and the clock, keeping everything buffered.
    case stopClock(VideoSessionID)
    /// Drop what is buffered and fill again from `to` (decoding from the key frame before it; nothing before it
    /// is shown).
    case seek(VideoSessionID, to: Double)
    /// End the session: stop fetching and decoding, free the buffers.
    case close(VideoSessionID)
}
