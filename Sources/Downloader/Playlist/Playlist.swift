import Foundation

/// A parsed HLS playlist: either a master (multivariant) playlist or a media playlist (RFC 8216 §4.3.4, §4.3.3).
///
/// ```swift
/// switch try PlaylistParser.parse(text, url: finalURL) {
/// case .master(let master): print(master.variants.count, "variants")
/// case .media(let media): print(media.segments.count, "segments")
/// }
/// ```
public enum Playlist: Sendable, Hashable {
    /// A master playlist listing variant streams and renditions (RFC 8216 §4.3.4).
    case master(MasterPlaylist)
    /// A media playlist listing media segments (RFC 8216 §4.3.3).
    case media(MediaPlaylist)

    /// The URL the playlist was loaded from (after redirects); relative URIs were resolved against it.
    public var url: URL {
        switch self {
        case .master(let master): return master.url
        case .media(let media): return media.url
        }
    }

    /// What the playlist bends but was accepted anyway, in line order (see ``PlaylistWarning``).
    public var warnings: [PlaylistWarning] {
        switch self {
        case .master(let master): return master.warnings
        case .media(let media): return media.warnings
        }
    }
}
