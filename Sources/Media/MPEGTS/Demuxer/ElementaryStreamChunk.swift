/// The payload of one PES packet of a selected elementary stream.
///
/// Concatenating the `data` of all chunks of one PID gives the elementary stream
/// (for MPEG audio: a sequence of MP3 frames that an MP3 decoder plays directly).
public struct ElementaryStreamChunk: Hashable, Sendable {
    /// The PID the PES packet arrived on.
    public let pid: UInt16
    /// The stream's type from the PMT.
    public let streamType: StreamType
    /// The presentation time stamp in 90 kHz units, if the PES header carried one.
    public let pts: UInt64?
    /// The decoding time stamp in 90 kHz units, if the PES header carried one.
    public let dts: UInt64?
    /// Byte offset (from the start of the fed input) of the TS packet that started this PES packet.
    public let byteOffset: Int
    /// The PES payload (elementary stream bytes).
    public let data: [UInt8]

    /// Creates a chunk.
    public init(pid: UInt16, streamType: StreamType, pts: UInt64?, dts: UInt64?, byteOffset: Int, data: [UInt8]) {
        self.pid = pid
        self.streamType = streamType
        self.pts = pts
        self.dts = dts
        self.byteOffset = byteOffset
        self.data = data
    }

    /// The PTS in seconds (PTS / 90 000, ISO/IEC 13818-1 §2.4.3.7).
    public var ptsSeconds: Double? { pts.map { Double($0) / 90_000 } }
}
