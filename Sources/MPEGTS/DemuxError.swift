/// Errors of ``TransportStreamDemuxer``; each says where in the input it happened.
public enum DemuxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No sync byte 0x47 repeating every 188 bytes within the first `searched` bytes starting at `offset`.
    case noSync(offset: Int, searched: Int)
    /// The input ended without a PAT (PID 0) that passed its CRC check.
    case noProgramAssociationTable(bytesRead: Int)
    /// The PAT was found but no PMT for any of its programs.
    case noProgramMapTable(bytesRead: Int)
    /// No audio stream in any PMT; lists the streams that were found.
    case noAudioStream(streams: [StreamInfo])
    /// The audio stream was announced but no complete PES packet arrived for it.
    case noAudioData(pid: UInt16)

    /// A message naming the byte offset or stream involved.
    public var description: String {
        switch self {
        case .noSync(let offset, let searched):
            return "no MPEG-TS sync byte (0x47 every 188 bytes) in \(searched) bytes from byte offset \(offset)"
        case .noProgramAssociationTable(let bytesRead):
            return "no valid PAT (PID 0) in \(bytesRead) bytes of MPEG-TS"
        case .noProgramMapTable(let bytesRead):
            return "no valid PMT for the programs of the PAT in \(bytesRead) bytes of MPEG-TS"
        case .noAudioStream(let streams):
            let list = streams.map { "PID \($0.pid): \($0.streamType)" }.joined(separator: ", ")
            return "no audio stream in the MPEG-TS (streams: \(list.isEmpty ? "none" : list))"
        case .noAudioData(let pid):
            return "no complete PES packet for the audio stream on PID \(pid)"
        }
    }
}

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
