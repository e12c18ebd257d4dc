/// Classifies `CODECS` entries (RFC 6381 strings as used by RFC 8216 §4.3.4.2) as audio or not and orders
/// audio codecs for tie-breaking.
///
/// Order, best first (a quality preference at equal bit rate): lossless (`flac`, `alac`) > E-AC-3 (`ec-3`) >
/// AC-3 (`ac-3`) > Opus > AAC-LC (`mp4a.40.2`) > HE-AAC (`mp4a.40.5`, `mp4a.40.29`) > MP3 (`mp4a.40.34`,
/// `mp4a.6B`, `mp4a.69`, `mp3`) > anything else.
public enum AudioCodec {
    /// Whether a `CODECS` entry names an audio codec.
    public static func isAudio(_ codec: String) -> Bool {
        let lower = codec.lowercased()
        let prefixes = ["mp4a", "mp3", "ac-3", "ec-3", "ac-4", "opus", "flac", "alac", "dtsc", "dtse", "dtsh", "dtsl", "vorbis"]
        return prefixes.contains { lower == $0 || lower.hasPrefix($0 + ".") }
    }

    /// Tie-break rank of an audio codec: higher is preferred; 0 for unknown or `nil`.
    public static func rank(_ codec: String?) -> Int {
        guard let lower = codec?.lowercased() else { return 0 }
        switch lower {
        case "flac", "alac", "fla": return 7
        case "ec-3": return 6
        case "ac-3": return 5
        case "opus": return 4
        case "mp4a.40.2": return 3
        case "mp4a.40.5", "mp4a.40.29": return 2
        case "mp4a.40.34", "mp4a.6b", "mp4a.69", "mp3": return 1
        default: return 0
        }
    }
}
