/// The container of an HLS media segment: one of the formats RFC 8216 §3 allows, decided by the HLS engine from
/// the playlist (an `EXT-X-MAP` means fMP4, §3.3) and the RFC's own markers (packed audio starts with an ID3 tag,
/// §3.4), never by libavformat's probe. The demuxer is then opened with exactly that input format: a segment whose
/// bytes are something else (an ffconcat script, a DASH manifest, an SDP description, an HLS playlist) is not
/// read by that format's demuxer, whatever it contains (docs/security.md, "What FFmpeg may do").
///
/// | playlist and bytes | container | libavformat input format |
/// |---|---|---|
/// | `EXT-X-MAP`, init section an ISO BMFF box | ``fragmentedMP4`` | `mov,mp4,…` |
/// | `EXT-X-MAP`, init section starting with the sync byte 0x47 (PAT/PMT, §3.2) | ``mpegTS`` | `mpegts` |
/// | no `EXT-X-MAP`, bytes starting with an `ID3` tag | ``packedAudio(_:)``, codec from the first frame after it | `aac`, `mp3`, `ac3`, `eac3` |
/// | no `EXT-X-MAP`, anything else | ``mpegTS`` (§3.2; not TS fails as not TS) | `mpegts` |
enum SegmentContainer: Equatable, Sendable, CustomStringConvertible {
    /// MPEG-2 transport stream (RFC 8216 §3.2).
    case mpegTS
    /// Fragmented MPEG-4, init section in front (§3.3).
    case fragmentedMP4
    /// Packed audio (§3.4): elementary audio frames after an ID3 tag.
    case packedAudio(PackedAudioCodec)

    /// The codecs of packed audio (§3.4).
    enum PackedAudioCodec: String, Sendable {
        /// AAC in ADTS frames.
        case aac
        /// MPEG-1/2 audio layer III.
        case mp3
        /// AC-3.
        case ac3
        /// Enhanced AC-3.
        case eac3
    }

    /// The libavformat input format's short name (`av_find_input_format`).
    var formatName: String {
        switch self {
        case .mpegTS: "mpegts"
        case .fragmentedMP4: "mp4"
        case .packedAudio(let codec): codec.rawValue
        }
    }

    /// The names `format_whitelist` allows for segments: every format above (`mov,mp4,m4a,3gp,3g2,mj2` matches
    /// through `mov`/`mp4`). A second fence behind the explicit format: libavformat refuses to read a header of any
    /// other.
    static let formatWhitelist = "mpegts,mov,mp4,aac,mp3,ac3,eac3"

    var description: String {
        switch self {
        case .mpegTS: "MPEG-TS"
        case .fragmentedMP4: "fMP4"
        case .packedAudio(let codec): "packed \(codec.rawValue.uppercased()) audio"
        }
    }

    /// The container of the bytes to demux (``SegmentPlan/demuxerInput(initBytes:segmentBytes:)``): the init
    /// section in front when the playlist gives the segment one (`hasInitSection`: its `EXT-X-MAP`), else the
    /// segment alone.
    static func of(hasInitSection: Bool, bytes: [UInt8]) -> SegmentContainer {
        if hasInitSection {
            return bytes.first == 0x47 ? .mpegTS : .fragmentedMP4
        }
        if let codec = packedAudioCodec(bytes) { return .packedAudio(codec) }
        return .mpegTS
    }

    /// The codec of packed audio: the bytes start with an ID3v2 tag (§3.4: "MUST signal the timestamp of its first
    /// sample with an ID3 PRIV tag at the beginning of the segment") and the first frame after it has an ADTS, AC-3
    /// or MPEG audio sync word. Nil otherwise.
    static func packedAudioCodec(_ bytes: [UInt8]) -> PackedAudioCodec? {
        var offset = 0
        // One or more ID3v2 tags: "ID3", version (2), flags, 4 sync-safe size bytes; a footer adds 10 (ID3v2.4 §3.1).
        while bytes.count >= offset + 10, bytes[offset] == 0x49, bytes[offset + 1] == 0x44, bytes[offset + 2] == 0x33 {
            let size = bytes[(offset + 6) ..< (offset + 10)].reduce(0) { ($0 << 7) | Int($1 & 0x7F) }
            let footer = bytes[offset + 5] & 0x10 != 0 ? 10 : 0
            offset += 10 + size + footer
        }
        guard offset > 0, bytes.count >= offset + 6 else { return nil }
        let b0 = bytes[offset], b1 = bytes[offset + 1]
        if b0 == 0x0B && b1 == 0x77 {
            // AC-3 sync word; bsid (5 bits of byte 5) above 10 is E-AC-3 (ATSC A/52 Annex E §E.1.3.1.6).
            return bytes[offset + 5] >> 3 > 10 ? .eac3 : .ac3
        }
        guard b0 == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
        // ADTS: 12-bit sync and layer 00 (ISO/IEC 13818-7 §6.2); MPEG audio: 11-bit sync and a non-zero layer.
        if b1 & 0xF0 == 0xF0 && b1 & 0x06 == 0 { return .aac }
        return b1 & 0x06 != 0 ? .mp3 : nil
    }
}
