/// What the window does with an HLS playlist a person opens (a `.m3u8` from the file manager through the desktop
/// entry, `xdg-open`, or `SDLDemo PLAYLIST`; ``MediaSourceKind/hlsPlaylist`` says it is one): audio only goes to
/// the circle — downloaded and played when it has an end, streamed when it is live — and video, or anything not
/// known to be audio only, to the video player, which plays audio too. Decided from what the playlist says:
///
/// - A master playlist is audio only when every variant lists its CODECS (RFC 8216 §4.3.4.2: "Every
///   EXT-X-STREAM-INF tag SHOULD include a CODECS attribute"), every one of them is an audio codec (or a
///   subtitle format, which carries no picture), and no variant has a RESOLUTION (which only video has).
/// - A media playlist says no codecs: it is audio only when every segment is an audio file by its extension
///   (`.aac`, `.mp3`, …: packed audio, the HLS authoring spec's name); MPEG-TS and fMP4 segments may hold
///   either, so they go to the video player.
///
/// ```swift
/// PlaylistOpening.master([.init(codecs: ["mp4a.40.2"], hasResolution: false)], audioIsLive: false)  // .download
/// PlaylistOpening.master([.init(codecs: ["avc1.64001f", "mp4a.40.2"], hasResolution: true)], audioIsLive: false)  // .video
/// PlaylistOpening.media(segmentPaths: ["/radio/0001.aac"], isLive: true)                          // .stream
/// ```
public enum PlaylistOpening: Hashable, Sendable {
    /// Audio only, with an end (`EXT-X-ENDLIST`): the circle downloads its best audio track and plays it.
    case download
    /// Audio only, live: the circle plays it as a live stream.
    case stream
    /// Video, or not known to be audio only: the video player.
    case video

    /// What a master playlist's variant (`EXT-X-STREAM-INF`) says of its content.
    public struct Variant: Hashable, Sendable {
        /// Its `CODECS` (RFC 6381 names), empty when absent.
        public var codecs: [String]
        /// Whether it has a `RESOLUTION`.
        public var hasResolution: Bool

        /// A variant.
        public init(codecs: [String], hasResolution: Bool) {
            self.codecs = codecs
            self.hasResolution = hasResolution
        }
    }

    /// For a master playlist: ``download`` or ``stream`` (by `audioIsLive`: whether the audio track the circle
    /// would play has no end) when ``isAudioOnly(_:)``, else ``video``.
    public static func master(_ variants: [Variant], audioIsLive: Bool) -> PlaylistOpening {
        guard isAudioOnly(variants) else { return .video }
        return audioIsLive ? .stream : .download
    }

    /// For a media playlist with these segment paths: ``download`` or ``stream`` (by `isLive`, no
    /// `EXT-X-ENDLIST`) when every segment is a packed-audio file, else ``video``.
    public static func media(segmentPaths: [String], isLive: Bool) -> PlaylistOpening {
        let audio = !segmentPaths.isEmpty && segmentPaths.allSatisfy { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = name.lastIndex(of: ".") else { return false }
            return audioExtensions.contains(name[name.index(after: dot)...].lowercased())
        }
        guard audio else { return .video }
        return isLive ? .stream : .download
    }

    /// Whether a master playlist's variants carry audio only (see the type's notes).
    public static func isAudioOnly(_ variants: [Variant]) -> Bool {
        !variants.isEmpty && variants.allSatisfy { variant in
            !variant.hasResolution && !variant.codecs.isEmpty
                && variant.codecs.allSatisfy { isAudioCodec($0) || isTextCodec($0) }
                && variant.codecs.contains(where: isAudioCodec)
        }
    }

    /// Whether an RFC 6381 codec name is an audio codec HLS carries: AAC and MP3 (`mp4a.*`; `mp4a.40.34` is
    /// MP3, Apple's HLS authoring spec), AC-3, E-AC-3, AC-4, Opus, FLAC, ALAC, MPEG-H 3D Audio (`mhm1`, `mha1`),
    /// DTS, and the bare `mp3` some servers write.
    public static func isAudioCodec(_ codec: String) -> Bool {
        let name = codec.trimmingWhitespace.lowercased()
        let family = name.split(separator: ".").first.map(String.init) ?? name
        return audioCodecFamilies.contains(family)
    }

    /// Whether a codec name is a subtitle format (IMSC `stpp`, WebVTT `wvtt`), which carries no picture.
    static func isTextCodec(_ codec: String) -> Bool {
        let family = codec.trimmingWhitespace.lowercased().split(separator: ".").first.map(String.init) ?? ""
        return ["stpp", "wvtt", "tx3g"].contains(family)
    }

    static let audioCodecFamilies: Set<String> = [
        "mp4a", "mp3", "ac-3", "ec-3", "ac-4", "opus", "flac", "alac", "mhm1", "mha1", "dtsc", "dtse", "dtsh", "dtsl", "dtsx",
    ]
    /// Packed-audio segment extensions (HLS authoring spec: AAC in ADTS, MP3, AC-3, E-AC-3; and the audio-only
    /// MPEG-4 and FLAC files some servers list).
    static let audioExtensions: Set<String> = ["aac", "adts", "mp3", "mp2", "ac3", "ec3", "eac3", "m4a", "flac", "opus"]
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
