/// One elementary stream announced by a PMT.
public struct StreamInfo: Hashable, Sendable {
    /// The `program_number` of the PMT that lists this stream.
    public let programNumber: UInt16
    /// The `elementary_PID` carrying the stream.
    public let pid: UInt16
    /// The raw `stream_type`.
    public let streamType: StreamType
    /// The kind of stream, refined by descriptors (e.g. AC-3 in private PES).
    public let kind: StreamKind
    /// The ISO 639 language code from an ISO_639_language_descriptor (tag 0x0A), if present.
    public let language: String?

    /// Creates a stream description.
    public init(programNumber: UInt16, pid: UInt16, streamType: StreamType, kind: StreamKind, language: String? = nil) {
        self.programNumber = programNumber
        self.pid = pid
        self.streamType = streamType
        self.kind = kind
        self.language = language
    }
}
