import Foundation

/// A master (multivariant) playlist: the variant streams and alternative renditions of one presentation
/// (RFC 8216 §4.3.4). I-frame streams (`EXT-X-I-FRAME-STREAM-INF`, §4.3.4.3) are not kept: an audio
/// downloader never needs them.
public struct MasterPlaylist: Sendable, Hashable {
    /// The URL the playlist was loaded from (after redirects).
    public var url: URL
    /// `EXT-X-VERSION` (RFC 8216 §4.3.1.2); 1 when the tag is absent.
    public var version: Int
    /// The `EXT-X-STREAM-INF` variant streams in playlist order (RFC 8216 §4.3.4.2).
    public var variants: [VariantStream]
    /// The `EXT-X-MEDIA` renditions in playlist order (RFC 8216 §4.3.4.1).
    public var renditions: [Rendition]
    /// Whether `EXT-X-INDEPENDENT-SEGMENTS` is present (RFC 8216 §4.3.5.1).
    public var independentSegments: Bool
    /// The variables its `EXT-X-DEFINE` tags define (rfc8216bis §4.4.2.3), name → value. Its media playlists
    /// may import them (`EXT-X-DEFINE:IMPORT`): pass them to
    /// `PlaylistParser.parse(_:url:masterVariables:)` when parsing those.
    public var variables: [String: String]
    /// What the playlist bends but was accepted anyway, in line order (see ``PlaylistWarning``).
    public var warnings: [PlaylistWarning]

    /// Creates a master playlist.
    public init(url: URL, version: Int = 1, variants: [VariantStream], renditions: [Rendition],
                independentSegments: Bool = false, variables: [String: String] = [:],
                warnings: [PlaylistWarning] = []) {
        self.url = url
        self.version = version
        self.variants = variants
        self.renditions = renditions
        self.independentSegments = independentSegments
        self.variables = variables
        self.warnings = warnings
    }
}
