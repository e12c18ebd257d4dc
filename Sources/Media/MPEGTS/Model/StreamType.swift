/// The `stream_type` byte of a PMT elementary-stream entry (ISO/IEC 13818-1, Table 2-34).
public struct StreamType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw `stream_type` value.
    public let rawValue: UInt8

    /// Creates a stream type from its raw value.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x01: ISO/IEC 11172-2 (MPEG-1) video.
    public static let mpeg1Video = StreamType(rawValue: 0x01)
    /// 0x02: ISO/IEC 13818-2 (MPEG-2) video.
    public static let mpeg2Video = StreamType(rawValue: 0x02)
    /// 0x03: ISO/IEC 11172-3 (MPEG-1) audio, layers I–III (MP3 is layer III).
    public static let mpeg1Audio = StreamType(rawValue: 0x03)
    /// 0x04: ISO/IEC 13818-3 (MPEG-2) audio, layers I–III.
    public static let mpeg2Audio = StreamType(rawValue: 0x04)
    /// 0x06: PES private data (meaning given by descriptors, e.g. AC-3 in DVB).
    public static let privatePES = StreamType(rawValue: 0x06)
    /// 0x0F: ISO/IEC 13818-7 AAC audio with ADTS transport syntax.
    public static let aacADTS = StreamType(rawValue: 0x0F)
    /// 0x10: ISO/IEC 14496-2 (MPEG-4 part 2) video.
    public static let mpeg4Video = StreamType(rawValue: 0x10)
    /// 0x11: ISO/IEC 14496-3 AAC audio with LATM transport syntax.
    public static let aacLATM = StreamType(rawValue: 0x11)
    /// 0x1B: H.264 / AVC video.
    public static let h264 = StreamType(rawValue: 0x1B)
    /// 0x24: H.265 / HEVC video.
    public static let hevc = StreamType(rawValue: 0x24)
    /// 0x81: AC-3 audio (ATSC A/52 registration).
    public static let ac3 = StreamType(rawValue: 0x81)
    /// 0x87: E-AC-3 audio (ATSC A/52 registration).
    public static let eac3 = StreamType(rawValue: 0x87)

    /// What kind of elementary stream this type carries (without looking at descriptors).
    public var kind: StreamKind {
        switch self {
        case .mpeg1Audio: return .audio(.mpeg1Audio)
        case .mpeg2Audio: return .audio(.mpeg2Audio)
        case .aacADTS: return .audio(.aacADTS)
        case .aacLATM: return .audio(.aacLATM)
        case .ac3: return .audio(.ac3)
        case .eac3: return .audio(.eac3)
        case .mpeg1Video: return .video(.mpeg1)
        case .mpeg2Video: return .video(.mpeg2)
        case .mpeg4Video: return .video(.mpeg4Part2)
        case .h264: return .video(.h264)
        case .hevc: return .video(.hevc)
        default: return .other
        }
    }

    /// For example `0x03 (MPEG-1 audio)`.
    public var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        let name: String
        switch kind {
        case .audio(let codec): name = codec.description
        case .video(let codec): name = codec.description
        case .other: name = "other"
        }
        return "0x\(rawValue < 0x10 ? "0" : "")\(hex) (\(name))"
    }
}
