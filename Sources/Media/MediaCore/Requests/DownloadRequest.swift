import Foundation

/// A download the circle fetches and then plays: the best audio track of an HLS VOD playlist, written to one
/// file (the circle fills as it arrives), played, then deleted.
///
/// ```swift
/// let request = DownloadRequest(playlist: URL(string: "http://127.0.0.1:8080/hls_index.m3u8")!,
///                               title: "Jazz Ensemble 1", artist: "Performances")
/// host.send(.playRequested(.download(request)))
/// ```
public struct DownloadRequest: Hashable, Sendable {
    /// The HLS master or media playlist (VOD).
    public var playlist: URL
    /// The title the app knows (shown by the media controls).
    public var title: String?
    /// The artist, author or programme the app knows.
    public var artist: String?
    /// An image for the media controls.
    public var artworkURL: URL?

    /// Creates a request.
    public init(playlist: URL, title: String? = nil, artist: String? = nil, artworkURL: URL? = nil) {
        self.playlist = playlist
        self.title = title
        self.artist = artist
        self.artworkURL = artworkURL
    }
}
