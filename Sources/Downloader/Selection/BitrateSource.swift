/// Which figure a candidate's bit rate was taken from, most reliable first.
public enum BitrateSource: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Sum of `EXT-X-BYTERANGE` lengths × 8 over the sum of `EXTINF` durations: exact for the audio itself.
    case measuredByteRanges
    /// Duration-weighted mean of `EXT-X-BITRATE` values (rfc8216bis §4.4.4.8).
    case extXBitrate
    /// `BANDWIDTH` of the variant(s): an upper bound that may include video.
    case variantBandwidth
    /// A number in the track's name or URI, such as `256K`.
    case nameHint
    /// Nothing known.
    case unknown

    /// Reliability order: `measuredByteRanges` < ... < `unknown` (smaller is more reliable).
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// Short label for tables and explanations.
    public var label: String {
        switch self {
        case .measuredByteRanges: return "measured byte ranges"
        case .extXBitrate: return "EXT-X-BITRATE"
        case .variantBandwidth: return "variant BANDWIDTH"
        case .nameHint: return "name hint"
        case .unknown: return "unknown"
        }
    }
}
