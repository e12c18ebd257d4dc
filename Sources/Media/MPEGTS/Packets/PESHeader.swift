/// The fixed part of a PES packet header (ISO/IEC 13818-1 §2.4.3.6–2.4.3.7).
struct PESHeader {
    let streamID: UInt8
    /// `PES_packet_length`: bytes following the length field, or 0 for "unbounded" (allowed for video).
    let packetLength: Int
    /// Offset of the payload from the start of the PES packet.
    let payloadOffset: Int
    let pts: UInt64?
    let dts: UInt64?

    /// Reasons a PES header is unusable.
    enum Problem: Error, CustomStringConvertible {
        case noStartCode
        case truncated(Int)
        case badMarker

        var description: String {
            switch self {
            case .noStartCode: return "PES packet does not start with 00 00 01"
            case .truncated(let count): return "PES header truncated (\(count) bytes)"
            case .badMarker: return "PES header marker bits are wrong"
            }
        }
    }

    /// Stream ids without the optional PES header (§2.4.3.7): program_stream_map, padding, private_stream_2,
    /// ECM, EMM, program_stream_directory, DSMCC, H.222.1 type E.
    private static func hasOptionalHeader(streamID: UInt8) -> Bool {
        ![0xBC, 0xBE, 0xBF, 0xF0, 0xF1, 0xFF, 0xF2, 0xF8].contains(streamID)
    }

    /// Parses the header at the start of `bytes`.
    init(_ bytes: [UInt8]) throws(Problem) {
        guard bytes.count >= 6 else { throw .truncated(bytes.count) }
        guard bytes[0] == 0, bytes[1] == 0, bytes[2] == 1 else { throw .noStartCode }
        streamID = bytes[3]
        packetLength = Int(bytes[4]) << 8 | Int(bytes[5])
        guard PESHeader.hasOptionalHeader(streamID: streamID) else {
            payloadOffset = 6
            pts = nil
            dts = nil
            return
        }
        guard bytes.count >= 9 else { throw .truncated(bytes.count) }
        guard bytes[6] & 0xC0 == 0x80 else { throw .badMarker }
        let headerDataLength = Int(bytes[8])
        payloadOffset = 9 + headerDataLength
        guard bytes.count >= payloadOffset else { throw .truncated(bytes.count) }
        let flags = bytes[7] >> 6
        var pts: UInt64?
        var dts: UInt64?
        if flags & 0b10 != 0, headerDataLength >= 5 {
            pts = PESHeader.timestamp(bytes, at: 9)
        }
        if flags == 0b11, headerDataLength >= 10 {
            dts = PESHeader.timestamp(bytes, at: 14)
        }
        self.pts = pts
        self.dts = dts
    }

    /// Decodes a 33-bit time stamp spread over 5 bytes with marker bits (§2.4.3.7, PTS[32..30], [29..15], [14..0]).
    static func timestamp(_ bytes: [UInt8], at index: Int) -> UInt64 {
        let high = UInt64(bytes[index] >> 1) & 0x07
        let middle = UInt64(bytes[index + 1]) << 7 | UInt64(bytes[index + 2] >> 1)
        let low = UInt64(bytes[index + 3]) << 7 | UInt64(bytes[index + 4] >> 1)
        return high << 30 | middle << 15 | low
    }
}
