import Foundation

/// Where an audio candidate comes from in the master playlist.
public enum AudioCandidateSource: String, Sendable, Hashable {
    /// An `EXT-X-MEDIA TYPE=AUDIO` rendition with a `URI` (RFC 8216 §4.3.4.1).
    case rendition
    /// An `EXT-X-STREAM-INF` variant whose stream is audio only (RFC 8216 §4.3.4.2).
    case variant
}

/// One downloadable audio track found in a master playlist, with the static hints about its quality.
/// Produced by `AudioTrackSelector.candidates(in:)`; ranked by `AudioTrackSelector.rank(_:mediaPlaylists:)`.
public struct AudioCandidate: Sendable, Hashable {
    /// Rendition `NAME`, or the file name of an audio-only variant's URI.
    public var name: String
    /// Rendition `GROUP-ID`, or the variant's `AUDIO` group if it has one.
    public var groupID: String?
    /// Rendition `LANGUAGE`, if given.
    public var language: String?
    /// The candidate's media playlist.
    public var uri: URL
    /// Channel count: the leading integer of `CHANNELS` (e.g. `"16/JOC"` → 16), if given.
    public var channels: Int?
    /// The audio codec (`CODECS` entry) when the playlist pins it to exactly one, e.g. `mp4a.40.2`.
    public var codec: String?
    /// Rendition or audio-only variant.
    public var source: AudioCandidateSource
    /// Bits per second from `BANDWIDTH`: an audio-only variant's own, or for a rendition the smallest
    /// `BANDWIDTH` among the variants that reference its group (audio is shared by all of them, so the
    /// smallest is the tightest upper bound). `nil` when no variant references the group.
    public var bandwidthHint: Int?
    /// Bits per second read from the name or URI (e.g. `"256K"`, `"a128k"`, `"128kbps"`), if any.
    public var nameHint: Int?
    /// Sample rate in Hz read from the name or URI (e.g. `"48kHz"`), if any.
    public var sampleRateHint: Int?
    /// `DEFAULT=YES`: a playback hint, never used as a quality measure.
    public var isDefault: Bool
    /// `CHARACTERISTICS` contains `public.accessibility.describes-video` (an audio description track).
    public var describesVideo: Bool
    /// Line of the `EXT-X-MEDIA` or `EXT-X-STREAM-INF` tag in the master playlist.
    public var line: Int
    /// Why it was taken for an audio track; a known one (``AudioAdmission/isKnown``) outranks a guess.
    public var admission: AudioAdmission

    /// Creates a candidate. Without `admission`, a rendition counts as ``AudioAdmission/audioRendition`` and a
    /// variant as ``AudioAdmission/audioCodecs(_:)`` with `codec`: both known to be audio.
    public init(name: String, groupID: String? = nil, language: String? = nil, uri: URL, channels: Int? = nil,
                codec: String? = nil, source: AudioCandidateSource, bandwidthHint: Int? = nil,
                nameHint: Int? = nil, sampleRateHint: Int? = nil, isDefault: Bool = false,
                describesVideo: Bool = false, line: Int = 0, admission: AudioAdmission? = nil) {
        self.admission = admission
            ?? (source == .rendition ? .audioRendition : .audioCodecs(codec.map { [$0] } ?? []))
        self.name = name
        self.groupID = groupID
        self.language = language
        self.uri = uri
        self.channels = channels
        self.codec = codec
        self.source = source
        self.bandwidthHint = bandwidthHint
        self.nameHint = nameHint
        self.sampleRateHint = sampleRateHint
        self.isDefault = isDefault
        self.describesVideo = describesVideo
        self.line = line
    }
}
