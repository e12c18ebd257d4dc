import Foundation
import PlayerCore

extension StreamRequest {
    /// A stream request for `url` by ``MediaSourceKind``: an `.m3u8` playlist plays as live HLS (known to be
    /// live), anything else as audio over HTTP (live or finite, as `isLive` hints and the response says).
    ///
    /// ```swift
    /// let station = StreamRequest(url: URL(string: "http://h/classical.mp3")!, title: "Classical IPR", isLive: true)
    /// ```
    public init(url: URL, title: String? = nil, artist: String? = nil, artworkURL: URL? = nil, isLive: Bool? = nil) {
        switch MediaSourceKind(url) {
        case .hlsPlaylist:
            self.init(source: .liveHLS(playlist: url), title: title, artist: artist, artworkURL: artworkURL, isLive: true)
        case .progressive:
            self.init(source: .http(url: url), title: title, artist: artist, artworkURL: artworkURL, isLive: isLive)
        }
    }
}
