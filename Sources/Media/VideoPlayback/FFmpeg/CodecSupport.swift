import CFFmpeg

/// Which codecs of an HLS `CODECS` attribute (RFC 8216 §4.3.4.2, RFC 6381 strings) libavcodec here can decode,
/// so that the ABR never chooses a variant it cannot play.
public enum CodecSupport {
    /// The libavcodec codec for an RFC 6381 codec string, or nil when unknown.
    ///
    /// | CODECS entry | codec |
    /// |---|---|
    /// | `avc1.*`, `avc3.*` | H.264 |
    /// | `hvc1.*`, `hev1.*` | HEVC |
    /// | `mp4a.40.*` (except .34), `mp4a.67` | AAC |
    /// | `mp4a.40.34`, `mp4a.69`, `mp4a.6B`, `mp3` | MP3 |
    /// | `ac-3`, `ec-3` | AC-3, E-AC-3 |
    /// | `opus`, `flac` | Opus, FLAC |
    /// | `vp09.*`, `vp9`, `av01.*` | VP9, AV1 |
    static func codecID(for entry: String) -> AVCodecID? {
        let lower = entry.trimmingCharacters(in: .whitespaces).lowercased()
        let prefix = lower.split(separator: ".", maxSplits: 1).first.map(String.init) ?? lower
        switch prefix {
        case "avc1", "avc3": return AV_CODEC_ID_H264
        case "hvc1", "hev1": return AV_CODEC_ID_HEVC
        case "mp4a":
            if lower == "mp4a.40.34" || lower == "mp4a.69" || lower == "mp4a.6b" { return AV_CODEC_ID_MP3 }
            return AV_CODEC_ID_AAC
        case "mp3": return AV_CODEC_ID_MP3
        case "ac-3": return AV_CODEC_ID_AC3
        case "ec-3": return AV_CODEC_ID_EAC3
        case "opus": return AV_CODEC_ID_OPUS
        case "flac": return AV_CODEC_ID_FLAC
        case "vp09", "vp9": return AV_CODEC_ID_VP9
        case "av01": return AV_CODEC_ID_AV1
        default: return nil
        }
    }

    /// Whether libavcodec has a decoder for the codec string.
    public static func canDecode(_ entry: String) -> Bool {
        guard let id = codecID(for: entry) else { return false }
        return avcodec_find_decoder(id) != nil
    }

    /// The entries of `codecs` that cannot be decoded here (empty: the variant plays). An empty `CODECS` (not
    /// given) is assumed playable, as players do.
    public static func undecodable(_ codecs: [String]) -> [String] {
        codecs.filter { !canDecode($0) }
    }
}
