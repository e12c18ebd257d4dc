#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a stream's audio comes from: what ``StreamCommand/open(_:source:)`` asks the I/O side to play.
///
/// The machine never looks inside: it only hands the source to the I/O side (AudioPlayback's stream engine). URLs are
/// typed (`URL` from FoundationEssentials, the one import PlayerCore has); which kind a URL is (an `.m3u8`
/// playlist or plain audio) is MediaCore's `MediaSourceKind`, decided once where a request is made.
public enum StreamSource: Hashable, Sendable, CustomStringConvertible {
    /// Audio over plain HTTP, decoded as it arrives: a progressive file (with a `Content-Length`, it ends) or an
    /// endless Icecast/SHOUTcast-style radio stream (without one, it never ends), with ICY metadata when the
    /// server sends it.
    case http(url: URL)
    /// A live HLS audio playlist, played while it is being recorded (MPEG-TS segments, demultiplexed and decoded).
    case liveHLS(playlist: URL)

    /// The URL, for logs and messages.
    public var description: String {
        switch self {
        case .http(let url): url.absoluteString
        case .liveHLS(let playlist): "live HLS \(playlist.absoluteString)"
        }
    }
}

/// What the user (or the app) asked to play: the source and what is known about it before it opens.
///
/// ```swift
/// let station = StreamRequest(source: .http(url: URL(string: "http://127.0.0.1:8000/classical.mp3")!),
///                             title: "Classical IPR", artworkURL: URL(string: "http://127.0.0.1:8000/classical.png"),
///                             isLive: true)
/// ```
public struct StreamRequest: Hashable, Sendable {
    /// Where the audio comes from.
    public var source: StreamSource
    /// The title the app knows (a story's headline, or a station's name); ICY metadata may show a better one.
    public var title: String?
    /// The artist, author or programme the app knows, if any.
    public var artist: String?
    /// An image for the media controls and the window (e.g. the station's logo).
    public var artworkURL: URL?
    /// Whether the app knows the stream to be live (`true`), finite (`false`) or does not know (`nil`). The
    /// source's own report (``StreamDetails/isLive``) replaces this hint once the stream has opened.
    public var isLive: Bool?

    /// Creates a request.
    public init(
        source: StreamSource, title: String? = nil, artist: String? = nil, artworkURL: URL? = nil,
        isLive: Bool? = nil
    ) {
        self.source = source
        self.title = title
        self.artist = artist
        self.artworkURL = artworkURL
        self.isLive = isLive
    }
}
