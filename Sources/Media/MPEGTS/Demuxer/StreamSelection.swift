/// Which elementary streams a ``TransportStreamDemuxer`` reassembles and returns.
public enum StreamSelection: Hashable, Sendable {
    /// The first audio stream of the first program that has one, in PMT order (the default).
    case firstAudio
    /// Exactly the stream on this PID.
    case pid(UInt16)
    /// Every elementary stream of every program.
    case all
}
