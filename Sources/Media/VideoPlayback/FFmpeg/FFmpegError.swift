import CFFmpeg

/// A failure inside libavformat, libavcodec or libswresample, in words: what was being done and FFmpeg's own
/// message for the code (`av_strerror`).
public struct FFmpegError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, e.g. `opening segment 3 (MPEG-TS)`.
    public var context: String
    /// FFmpeg's error code (negative), or 0 when the failure is ours (no decoder, no stream …).
    public var code: Int32
    /// The message.
    public var message: String

    /// An error from an FFmpeg return code.
    public init(_ context: String, code: Int32) {
        self.context = context
        self.code = code
        message = FFmpegError.text(for: code)
    }

    /// An error of ours, not from a return code.
    public init(_ context: String, message: String) {
        self.context = context
        code = 0
        self.message = message
    }

    /// `context: message`.
    public var description: String { "\(context): \(message)" }

    /// FFmpeg's text for `code`.
    static func text(for code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { pointer in
            String(cString: cff_error_string(code, pointer.baseAddress, pointer.count))
        }
    }
}
