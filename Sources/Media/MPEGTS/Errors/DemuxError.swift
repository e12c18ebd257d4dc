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
