/// Where a ``StreamAudioEngine`` plays, and who owns the device.
///
/// ```swift
/// StreamAudioEngine(output: .opened { AudioOutputFactory.makeBest() })   // a player alone (streamplay)
/// StreamAudioEngine(output: .shared(device))                              // beside a file player, one device
/// ```
public enum StreamOutputSource: @unchecked Sendable {
    /// The engine opens an output with this closure (on the pump's thread) when a session first needs one, and
    /// closes it on ``StreamAudioEngine/releaseAudio()`` and at shutdown; the next session opens a new one.
    case opened(() -> any AudioOutput)
    /// The engine plays on a device owned by someone else (the host that also plays files on it): releasing
    /// the audio pauses and empties it, and the engine never closes it. A second SDL device would write a
    /// second disk-audio file over the first, and a desktop shows one stream per app anyway.
    case shared(any AudioOutput)

    /// The output to play on now.
    func output() -> any AudioOutput {
        switch self {
        case .opened(let open): open()
        case .shared(let device): device
        }
    }
}
