import Downloader
import Foundation
import VideoCore

/// What a master (or media) playlist offers the player: the video variants the ABR chooses among, each with
/// whether its `CODECS` can be decoded here, and the audio rendition to play beside them when the audio is not
/// muxed into the variants (`EXT-X-MEDIA:TYPE=AUDIO` with a `URI`, RFC 8216 §4.3.4.1).
struct HLSCatalog: Sendable {
    /// One variant: its playlist and what the ABR needs.
    struct Variant: Sendable {
        /// The variant's index in the master playlist (its id everywhere).
        var id: Int
        /// The media playlist.
        var uri: URL
        /// What the ABR sees.
        var abr: ABRVariant
        /// The `CODECS` entries, as written.
        var codecs: [String]
        /// Entries libavcodec cannot decode here (empty: playable).
        var undecodable: [String]
        /// `AUDIO` group, if any.
        var audioGroup: String?
    }

    /// The variants (one, without bandwidth, for a media playlist given directly).
    var variants: [Variant]
    /// The audio rendition played beside the variants, if the audio is separate.
    var audio: Rendition?
    /// The master playlist's variables, for `EXT-X-DEFINE:IMPORT` in its media playlists.
    var masterVariables: [String: String]?
    /// Whether the playlist given was a media playlist (no variants, no `BANDWIDTH` to report).
    var isMediaPlaylist: Bool

    /// The catalog of a master playlist: every variant with a video or unknown content (audio-only variants are
    /// skipped when video variants exist), and the audio rendition of the first decodable variant's `AUDIO` group —
    /// its `DEFAULT=YES` member with a `URI`, else the first with one. A group whose renditions have no `URI`
    /// means the audio is in the variants.
    init(master: MasterPlaylist) {
        var variants: [Variant] = []
        for (index, variant) in master.variants.enumerated() {
            let undecodable = CodecSupport.undecodable(variant.codecs)
            variants.append(Variant(
                id: index, uri: variant.uri,
                abr: ABRVariant(id: index, bandwidth: Double(variant.bandwidth),
                                averageBandwidth: variant.averageBandwidth.map(Double.init),
                                width: variant.resolution?.width, height: variant.resolution?.height,
                                isDecodable: undecodable.isEmpty),
                codecs: variant.codecs, undecodable: undecodable, audioGroup: variant.audioGroupID))
        }
        let withVideo = variants.filter { v in
            v.abr.width != nil || v.codecs.isEmpty || v.codecs.contains { Self.isVideoCodec($0) }
        }
        self.variants = withVideo.isEmpty ? variants : withVideo
        let group = self.variants.first(where: \.abr.isDecodable)?.audioGroup ?? self.variants.first?.audioGroup
        let members = master.renditions.filter { $0.type == .audio && $0.groupID == group && $0.uri != nil }
        audio = members.first(where: \.isDefault) ?? members.first
        masterVariables = master.variables
        isMediaPlaylist = false
    }

    /// The catalog of a media playlist given directly: one variant (id 0), no bandwidth, assumed decodable.
    init(media: MediaPlaylist) {
        variants = [Variant(id: 0, uri: media.url, abr: ABRVariant(id: 0, bandwidth: 0), codecs: [], undecodable: [],
                            audioGroup: nil)]
        audio = nil
        masterVariables = nil
        isMediaPlaylist = true
    }

    /// Whether an RFC 6381 entry names a video codec.
    static func isVideoCodec(_ entry: String) -> Bool {
        let prefix = entry.lowercased().split(separator: ".").first.map(String.init) ?? ""
        return ["avc1", "avc3", "hvc1", "hev1", "vp09", "vp9", "av01", "dvh1", "dvhe"].contains(prefix)
    }

    /// The variant with `id`.
    func variant(_ id: Int) -> Variant? { variants.first { $0.id == id } }

    /// Why nothing can play, when no variant is decodable: `no variant can be decoded: CODECS "hvc9.1" (v0 …)`.
    var undecodableSummary: String? {
        guard !variants.contains(where: \.abr.isDecodable) else { return nil }
        let list = variants.map { "\($0.uri.lastPathComponent): \($0.undecodable.joined(separator: ", "))" }
        return "no variant can be decoded here (libavcodec has no decoder for: \(list.joined(separator: "; ")))"
    }
}
