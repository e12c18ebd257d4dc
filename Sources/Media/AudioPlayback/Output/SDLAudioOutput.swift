import CSDL2

/// An ``AudioOutput`` on an SDL2 audio device in push mode (`SDL_QueueAudio`, no callback).
///
/// Initialises the SDL audio subsystem itself (`SDL_InitSubSystem` is reference counted, so this is harmless when the
/// program already called `SDL_Init(SDL_INIT_AUDIO)`), and opens the device with exactly the requested format
/// (SDL converts if the hardware differs). Honors `SDL_AUDIODRIVER`, e.g. `disk` to write the played PCM to
/// `SDL_DISKAUDIOFILE`. The device starts paused.
public final class SDLAudioOutput: AudioOutput {
    /// The PCM format of the device queue.
    public let format: PCMFormat
    /// `SDL (<driver>)`.
    public let name: String
    private let device: SDL_AudioDeviceID
    private var isOpen = true

    /// Opens the default audio device.
    ///
    /// - Throws: ``AudioPlaybackError/output(_:)`` with SDL's message if the subsystem or device cannot be opened.
    public init(format: PCMFormat = .cdStereo, bufferFrames: Int = 1024) throws(AudioPlaybackError) {
        guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
            throw .output("SDL_InitSubSystem(SDL_INIT_AUDIO) failed: \(SDLAudioOutput.lastError())")
        }
        var desired = SDL_AudioSpec()
        desired.freq = Int32(format.sampleRate)
        desired.format = SDL_AudioFormat(AUDIO_S16SYS)
        desired.channels = UInt8(format.channels)
        desired.samples = UInt16(clamping: bufferFrames)
        desired.callback = nil
        var obtained = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &desired, &obtained, 0)
        guard device != 0 else {
            let message = SDLAudioOutput.lastError()
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            throw .output("SDL_OpenAudioDevice(\(format)) failed: \(message)")
        }
        self.device = device
        self.format = format
        let driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown driver"
        name = "SDL (\(driver))"
    }

    deinit {
        close()
    }

    /// Frames queued in SDL and not yet handed to the device.
    public var queuedFrames: Int {
        guard isOpen else { return 0 }
        return Int(SDL_GetQueuedAudioSize(device)) / format.bytesPerFrame
    }

    /// Queues the samples with `SDL_QueueAudio`.
    public func enqueue(_ samples: [Int16]) throws(AudioPlaybackError) {
        guard isOpen else { throw .output("enqueue on a closed SDL audio device") }
        guard !samples.isEmpty else { return }
        let result = samples.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
        guard result == 0 else { throw .output("SDL_QueueAudio failed: \(SDLAudioOutput.lastError())") }
    }

    /// `SDL_PauseAudioDevice`: the queue is kept while paused.
    public func setPaused(_ paused: Bool) {
        guard isOpen else { return }
        SDL_PauseAudioDevice(device, paused ? 1 : 0)
    }

    /// `SDL_ClearQueuedAudio`.
    public func clear() {
        guard isOpen else { return }
        SDL_ClearQueuedAudio(device)
    }

    /// Closes the device and releases this output's reference on the SDL audio subsystem.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }

    private static func lastError() -> String {
        guard let text = SDL_GetError() else { return "unknown SDL error" }
        let message = String(cString: text)
        return message.isEmpty ? "unknown SDL error" : message
    }
}
