/// Video codecs recognised in a PMT.
public enum VideoCodec: Hashable, Sendable, CustomStringConvertible {
    /// MPEG-1 video (0x01).
    case mpeg1
    /// MPEG-2 video (0x02).
    case mpeg2
    /// MPEG-4 part 2 video (0x10).
    case mpeg4Part2
    /// H.264 / AVC (0x1B).
    case h264
    /// H.265 / HEVC (0x24).
    case hevc

    /// Human-readable codec name, e.g. `H.264`.
    public var description: String {
        switch self {
        case .mpeg1: return "MPEG-1 video"
        case .mpeg2: return "MPEG-2 video"
        case .mpeg4Part2: return "MPEG-4 part 2 video"
        case .h264: return "H.264"
        case .hevc: return "HEVC"
        }
    }
}
