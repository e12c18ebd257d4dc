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
    /// | `mp4a.40.33` | MP2 |
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
            if lower == "mp4a.40.33" { return AV_CODEC_ID_MP2 }
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

    /// Every codec of the table above: the only ones the player decodes (a stream of any other codec is refused by
    /// name, ``isDecoded(_:)``), whatever the container says.
    static let codecs: [AVCodecID] = [
        AV_CODEC_ID_H264, AV_CODEC_ID_HEVC, AV_CODEC_ID_VP9, AV_CODEC_ID_AV1,
        AV_CODEC_ID_AAC, AV_CODEC_ID_MP3, AV_CODEC_ID_MP2, AV_CODEC_ID_AC3, AV_CODEC_ID_EAC3, AV_CODEC_ID_OPUS, AV_CODEC_ID_FLAC,
    ]

    /// Whether `id` is one of ``codecs``.
    static func isDecoded(_ id: AVCodecID) -> Bool { codecs.contains(id) }

    /// The names of libavcodec's decoders for ``codecs`` (`h264,hevc,…,aac,aac_fixed,…`), comma-separated: the
    /// `codec_whitelist` of every decoder context and of a file's stream probing. libavcodec refuses to open any
    /// other decoder ("Codec (…) not on whitelist").
    static let decoderWhitelist: String = {
        var names: [String] = []
        var opaque: UnsafeMutableRawPointer?
        while let codec = av_codec_iterate(&opaque) {
            guard av_codec_is_decoder(codec) != 0, isDecoded(codec.pointee.id), let name = codec.pointee.name else { continue }
            names.append(String(cString: name))
        }
        return names.joined(separator: ",")
    }()

    /// Opens `context` with `codec` behind the decoder fences: only ``codecs`` (refused by name before libavcodec
    /// is asked), `codec_whitelist` = ``decoderWhitelist``, and `max_pixels` = ``PictureLimit/maxPixels`` (libavcodec
    /// refuses a larger picture before allocating it). `what` names the decoder in errors (`the h264 decoder`).
    static func open(_ context: UnsafeMutablePointer<AVCodecContext>, codec: UnsafePointer<AVCodec>, what: String) throws(FFmpegError) {
        FFmpegLog.installIfNeeded()
        guard isDecoded(codec.pointee.id) else {
            throw FFmpegError("opening \(what)", message: "not one of the codecs the player decodes (H.264, HEVC, VP9, AV1, AAC, MP3, MP2, AC-3, E-AC-3, Opus, FLAC)")
        }
        var options: OpaquePointer?
        av_dict_set(&options, "codec_whitelist", decoderWhitelist, 0)
        av_dict_set_int(&options, "max_pixels", Int64(PictureLimit.maxPixels), 0)
        let status = avcodec_open2(context, codec, &options)
        av_dict_free(&options)
        guard status >= 0 else { throw FFmpegError("opening \(what)", code: status) }
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
