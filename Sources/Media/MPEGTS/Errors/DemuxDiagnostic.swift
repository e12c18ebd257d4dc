/// A recoverable problem found while demultiplexing (the demuxer skipped the damaged part and continued).
public struct DemuxDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Byte offset in the fed input where the problem was found.
    public let offset: Int
    /// What was wrong and what was skipped.
    public let message: String

    /// Creates a diagnostic.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `byte <offset>: <message>`.
    public var description: String { "byte \(offset): \(message)" }
}
