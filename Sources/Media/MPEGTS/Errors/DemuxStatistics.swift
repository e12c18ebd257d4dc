/// Counters of what the demuxer saw and skipped.
public struct DemuxStatistics: Hashable, Sendable {
    /// Complete 188-byte packets processed.
    public var packets = 0
    /// Bytes skipped while searching for sync.
    public var bytesSkipped = 0
    /// Times the sync was lost and found again.
    public var resyncs = 0
    /// Continuity-counter discontinuities detected on selected or PSI PIDs.
    public var continuityErrors = 0
    /// PES packets dropped because they were broken (discontinuity, transport error, bad header).
    public var droppedPES = 0
    /// PSI sections rejected because of a CRC mismatch.
    public var crcErrors = 0
    /// Packets with transport_error_indicator set or a malformed adaptation field.
    public var damagedPackets = 0

    /// Creates zeroed counters.
    public init() {}
}
