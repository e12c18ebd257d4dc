import Foundation

/// A media playlist: the ordered media segments of one rendition or variant (RFC 8216 §4.3.3).
public struct MediaPlaylist: Sendable, Hashable {
    /// The URL the playlist was loaded from (after redirects).
    public var url: URL
    /// `EXT-X-VERSION` (§4.3.1.2); 1 when absent.
    public var version: Int
    /// `EXT-X-TARGETDURATION` in seconds (§4.3.3.1, required).
    public var targetDuration: Int
    /// `EXT-X-MEDIA-SEQUENCE` (§4.3.3.2): the sequence number of the first segment; 0 when absent.
    public var mediaSequence: Int
    /// `EXT-X-DISCONTINUITY-SEQUENCE` (§4.3.3.3); 0 when absent.
    public var discontinuitySequence: Int
    /// `EXT-X-PLAYLIST-TYPE` (§4.3.3.5), if given.
    public var playlistType: PlaylistType?
    /// Whether `EXT-X-ENDLIST` is present (§4.3.3.4): no more segments will be added.
    public var hasEndList: Bool
    /// Whether `EXT-X-INDEPENDENT-SEGMENTS` is present (§4.3.5.1).
    public var independentSegments: Bool
    /// The media segments in playlist order.
    public var segments: [MediaSegment]
    /// The variables its `EXT-X-DEFINE` tags define or import (rfc8216bis §4.4.2.3), name → value; already
    /// substituted into the URIs and attribute values above.
    public var variables: [String: String]
    /// What the playlist bends but was accepted anyway, in line order (see ``PlaylistWarning``).
    public var warnings: [PlaylistWarning]

    /// Creates a media playlist.
    public init(url: URL, version: Int = 1, targetDuration: Int, mediaSequence: Int = 0,
                discontinuitySequence: Int = 0, playlistType: PlaylistType? = nil, hasEndList: Bool = false,
                independentSegments: Bool = false, segments: [MediaSegment], variables: [String: String] = [:],
                warnings: [PlaylistWarning] = []) {
        self.variables = variables
        self.warnings = warnings
        self.url = url
        self.version = version
        self.targetDuration = targetDuration
        self.mediaSequence = mediaSequence
        self.discontinuitySequence = discontinuitySequence
        self.playlistType = playlistType
        self.hasEndList = hasEndList
        self.independentSegments = independentSegments
        self.segments = segments
    }

    /// Sum of the `EXTINF` durations in seconds.
    public var totalDuration: Double {
        segments.reduce(0) { $0 + $1.duration }
    }
}
