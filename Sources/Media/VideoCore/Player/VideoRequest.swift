import Foundation

/// What to play: an HLS master or media playlist over HTTP(S), or a local media file.
public struct VideoRequest: Hashable, Sendable {
    /// Where the video comes from.
    public enum Source: Hashable, Sendable, CustomStringConvertible {
        /// An HLS playlist (master or media) at an http or https URL.
        case hls(URL)
        /// A media file on disk (MP4, MPEG-TS, MKV … anything libavformat opens).
        case file(String)

        /// The URL or the path.
        public var description: String {
            switch self {
            case .hls(let url): url.absoluteString
            case .file(let path): path
            }
        }

        /// An http(s) URL is an HLS playlist; a `file:` URL or anything else is a path on disk.
        public static func parse(_ text: String) -> Source {
            if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
                return .hls(url)
            }
            if let url = URL(string: text), url.scheme?.lowercased() == "file" {
                return .file(url.path)
            }
            return .file(text)
        }
    }

    /// Where the video comes from.
    public var source: Source
    /// Where to start, seconds on the playlist's time line (nil: the start of a VOD stream, the live edge of a
    /// live one).
    public var startSeconds: Double?
    /// Upper bound for the ABR, bits per second (`--max-bandwidth`).
    public var maxBandwidth: Double?
    /// A title for the window and the media controls.
    public var title: String?

    /// A request.
    public init(source: Source, startSeconds: Double? = nil, maxBandwidth: Double? = nil, title: String? = nil) {
        self.source = source
        self.startSeconds = startSeconds
        self.maxBandwidth = maxBandwidth
        self.title = title
    }
}
