/// Audio codecs recognised in a PMT.
public enum AudioCodec: Hashable, Sendable, CustomStringConvertible {
    /// MPEG-1 audio (stream type 0x03), layers I–III.
    case mpeg1Audio
    /// MPEG-2 audio (stream type 0x04), layers I–III.
    case mpeg2Audio
    /// AAC with ADTS framing (0x0F).
    case aacADTS
    /// AAC with LATM framing (0x11).
    case aacLATM
    /// Dolby AC-3 (0x81, or 0x06 with an AC-3 descriptor).
    case ac3
    /// Dolby E-AC-3 (0x87, or 0x06 with an enhanced AC-3 descriptor).
    case eac3

    /// True for MPEG-1/2 audio layers I–III, which an MP3 decoder such as libmpg123 plays.
    public var isMPEGAudio: Bool { self == .mpeg1Audio || self == .mpeg2Audio }

    /// Human-readable codec name, e.g. `MPEG-1 audio`.
    public var description: String {
        switch self {
        case .mpeg1Audio: return "MPEG-1 audio"
        case .mpeg2Audio: return "MPEG-2 audio"
        case .aacADTS: return "AAC (ADTS)"
        case .aacLATM: return "AAC (LATM)"
        case .ac3: return "AC-3"
        case .eac3: return "E-AC-3"
        }
    }
}
