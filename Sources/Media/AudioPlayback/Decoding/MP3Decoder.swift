import CMPG123

/// `mpg123_init` must run once before any handle is created; a global `let` is initialised exactly once,
/// thread-safely (libmpg123 ≥ 1.27 makes the call itself thread-safe anyway).
private let mpg123InitResult: Int32 = mpg123_init()

/// Decodes MPEG audio (layers I–III, i.e. MP3) to interleaved 16-bit PCM with libmpg123 in feed mode.
///
/// The output format is fixed at creation (libmpg123 resamples and up/down-mixes as needed), so every
/// MP3 comes out ready for the audio device.
///
/// ```swift
/// let decoder = try MP3Decoder(format: .cdStereo)
/// try decoder.feed(mp3Bytes)
/// while let pcm = try decoder.decode(maxFrames: 4096) { output(pcm) }
/// ```
public final class MP3Decoder {
    /// The PCM format of every decoded sample.
    public let format: PCMFormat
    /// Total frames returned by ``decode(maxFrames:)`` so far.
    public private(set) var decodedFrames = 0
    /// Compressed bytes fed so far.
    public private(set) var fedBytes = 0
    private let handle: OpaquePointer

    /// Creates a decoder whose output is forced to `format` (s16, given rate and channel count).
    ///
    /// - Throws: ``AudioPlaybackError/decoder(_:)`` if libmpg123 cannot be set up or does not support the format.
    public init(format: PCMFormat = .cdStereo) throws(AudioPlaybackError) {
        guard mpg123InitResult == MPG123_OK.rawValue else {
            throw .decoder("mpg123_init: \(MP3Decoder.message(mpg123InitResult))")
        }
        guard format.channels == 1 || format.channels == 2 else {
            throw .decoder("unsupported channel count \(format.channels)")
        }
        var error: Int32 = 0
        guard let handle = mpg123_new(nil, &error) else {
            throw .decoder("mpg123_new: \(MP3Decoder.message(error))")
        }
        self.handle = handle
        self.format = format
        // Quiet: report problems through return codes, not by printing to stderr.
        _ = mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_QUIET.rawValue), 0)
        let channels = format.channels == 2 ? MPG123_STEREO : MPG123_MONO
        var result = mpg123_format_none(handle)
        if result == MPG123_OK.rawValue {
            result = mpg123_format(handle, format.sampleRate, Int32(channels.rawValue), Int32(MPG123_ENC_SIGNED_16.rawValue))
        }
        if result == MPG123_OK.rawValue { result = mpg123_open_feed(handle) }
        guard result == MPG123_OK.rawValue else {
            let message = MP3Decoder.message(result)
            mpg123_delete(handle)
            throw .decoder("setting up \(format): \(message)")
        }
    }

    deinit {
        mpg123_delete(handle)
    }

    /// Hands compressed MP3 bytes to the decoder (they are copied).
    public func feed(_ bytes: [UInt8]) throws(AudioPlaybackError) {
        guard !bytes.isEmpty else { return }
        let result = bytes.withUnsafeBufferPointer { mpg123_feed(handle, $0.baseAddress, $0.count) }
        guard result == MPG123_OK.rawValue else { throw .decoder("mpg123_feed: \(lastError(result))") }
        fedBytes += bytes.count
    }

    /// Decodes up to `maxFrames` frames; returns `nil` when all fed data has been decoded.
    ///
    /// - Throws: ``AudioPlaybackError/decoder(_:)`` on a decoding error that libmpg123 cannot skip.
    public func decode(maxFrames: Int = 4096) throws(AudioPlaybackError) -> [Int16]? {
        var samples = [Int16](repeating: 0, count: max(1, maxFrames) * format.channels)
        var filled = 0  // bytes
        while filled < samples.count * 2 {
            var done = 0
            let result = samples.withUnsafeMutableBytes { raw in
                mpg123_read(handle, raw.baseAddress.map { $0 + filled }, raw.count - filled, &done)
            }
            filled += done
            if result == MPG123_OK.rawValue || result == MPG123_NEW_FORMAT.rawValue {
                continue
            } else if result == MPG123_NEED_MORE.rawValue || result == MPG123_DONE.rawValue {
                break
            } else {
                throw .decoder("mpg123_read after \(decodedFrames) frames: \(lastError(result))")
            }
        }
        guard filled > 0 else { return nil }
        let frames = filled / format.bytesPerFrame
        decodedFrames += frames
        return Array(samples.prefix(frames * format.channels))
    }

    /// Decodes a whole MP3 in memory.
    ///
    /// - Throws: ``AudioPlaybackError`` if the decoder fails or no audio comes out.
    public static func decodeAll(_ mp3: [UInt8], format: PCMFormat = .cdStereo) throws(AudioPlaybackError) -> [Int16] {
        let decoder = try MP3Decoder(format: format)
        try decoder.feed(mp3)
        var pcm: [Int16] = []
        while let chunk = try decoder.decode(maxFrames: 16_384) { pcm += chunk }
        guard !pcm.isEmpty else { throw .noAudio("MP3 data of \(mp3.count) bytes") }
        return pcm
    }

    private func lastError(_ result: Int32) -> String {
        if result == MPG123_ERR.rawValue, let text = mpg123_strerror(handle) { return String(cString: text) }
        return MP3Decoder.message(result)
    }

    private static func message(_ code: Int32) -> String {
        guard let text = mpg123_plain_strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
