#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What is playing, as the media controls and the window show it: title, artist or station, artwork, and the
/// length or "live".
///
/// A plain value built from what the app asked for (``StreamRequest``), what the stream said when it opened
/// (``StreamDetails``: the live flag, the length, the station name) and what it announced while playing
/// (``StreamMetadata``: the ICY title). The raw inputs are kept; ``title`` and ``artist`` are derived, so a
/// station whose ICY title goes blank falls back to its name.
///
/// ```swift
/// var now = NowPlaying(request: StreamRequest(source: .http(url: URL(string: "http://r/live.mp3")!), title: "Classical IPR"))
/// now.title                                  // "Classical IPR"
/// now.update(with: StreamMetadata(title: "Bach - Cello Suite No. 1"))
/// now.title                                  // "Bach - Cello Suite No. 1"
/// now.artist                                 // "Classical IPR": the station moves to the artist line
/// ```
public struct NowPlaying: Hashable, Sendable {
    /// The title the app gave (a story's headline, a station's name).
    public private(set) var requestedTitle: String?
    /// The artist or author the app gave.
    public private(set) var requestedArtist: String?
    /// The artwork URL the app gave.
    public private(set) var artworkURL: URL?
    /// The station name the server announced (`icy-name`).
    public private(set) var stationName: String?
    /// The latest non-empty title the stream announced (ICY `StreamTitle`); `nil` when none or cleared.
    public private(set) var streamTitle: String?
    /// Length in seconds when known; `nil` for live streams and unknown lengths.
    public private(set) var duration: Double?
    /// Whether the stream is live (no end, no length, pausing resumes at the live edge): the window shows a
    /// LIVE mark and the media controls publish no length.
    public private(set) var isLive: Bool

    /// Nothing: no title, not live.
    public init() {
        isLive = false
    }

    /// What is known from the app's request, before the stream opens.
    public init(request: StreamRequest) {
        self.init(title: request.title, artist: request.artist, artworkURL: request.artworkURL,
                  isLive: request.isLive ?? false)
    }

    /// What the app knows of a finite item (a download): its title, artist and artwork; never live.
    ///
    /// ```swift
    /// let now = NowPlaying(title: "Jazz Ensemble 1", artist: "Performances", artworkURL: nil, duration: 95)
    /// ```
    public init(title: String?, artist: String?, artworkURL: URL?, isLive: Bool = false, duration: Double? = nil) {
        requestedTitle = Self.nonEmpty(title)
        requestedArtist = Self.nonEmpty(artist)
        self.artworkURL = artworkURL
        self.isLive = isLive
        self.duration = isLive ? nil : duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// Takes in what the stream said when it opened: the live flag and length replace the request's hint; the
    /// station name is kept for display.
    public mutating func update(with info: StreamDetails) {
        isLive = info.isLive
        duration = info.isLive ? nil : info.duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        if let name = Self.nonEmpty(info.stationName) { stationName = name }
    }

    /// Takes in a title announced while playing; an empty title clears the previous one.
    public mutating func update(with metadata: StreamMetadata) {
        streamTitle = Self.nonEmpty(metadata.title)
    }

    /// The line to show first: the announced title, else the app's title, else the station's name, else "".
    public var title: String {
        streamTitle ?? requestedTitle ?? stationName ?? ""
    }

    /// The line to show second: the app's artist; else, under an announced title, the station (the app's
    /// title or the announced name); else the announced station name if the title line shows something else.
    public var artist: String? {
        if let requestedArtist { return requestedArtist }
        if streamTitle != nil { return requestedTitle ?? stationName }
        if requestedTitle != nil { return stationName == requestedTitle ? nil : stationName }
        return nil
    }

    /// Whether there is anything to show.
    public var isEmpty: Bool { title.isEmpty && artist == nil }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (no Foundation in the machine).
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
