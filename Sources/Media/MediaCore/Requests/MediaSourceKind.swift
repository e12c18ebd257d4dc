import Foundation

/// What kind of media a URL names, decided by one rule everywhere a request is made (the command lines, the
/// script steps, the app cores): a path ending in `.m3u8` (any case) is an HLS playlist, RFC 8216 §4 ("Each
/// Playlist file MUST be identifiable by either the path component of its URI, which if it ends with .M3U8
/// …"); anything else is media over plain HTTP (an MP3 file or an Icecast/SHOUTcast radio), told apart only
/// once the response arrives.
///
/// ```swift
/// MediaSourceKind(URL(string: "http://h/live/index.m3u8?token=1")!)   // .hlsPlaylist
/// MediaSourceKind(URL(string: "http://h/classical.mp3")!)             // .progressive
/// ```
public enum MediaSourceKind: Hashable, Sendable {
    /// An HLS playlist (master or media, VOD or live).
    case hlsPlaylist
    /// Media over plain HTTP: a file, or an endless radio stream.
    case progressive

    /// The kind of `url` by its path (the query and fragment do not count).
    public init(_ url: URL) {
        self = url.pathExtension.lowercased() == "m3u8" ? .hlsPlaylist : .progressive
    }
}
