import Foundation
import FeedCore

/// A Vimeo video as the Interlochen sections show it (mapped from VimeoLibrary's videos by the I/O layer, so
/// this core does not depend on Vimeo's models).
public struct InterlochenVideo: Sendable, Hashable, Codable {
    /// The video id.
    public var id: String
    /// Its name.
    public var title: String
    /// Its length in seconds, if known.
    public var duration: Int?
    /// A picture, if any.
    public var imageURL: String?
    /// The HLS link to play (Watch), if the token may see it.
    public var hlsURL: String?
    /// The video's page on the web (Vimeo's `link`), if known: what Share copies.
    public var webURL: String?
    /// What the video is about (Vimeo's `description`), if it has one: its details' paragraph. (Absent from a
    /// store written before it existed: decoded as nil.)
    public var description: String?

    /// A video.
    public init(id: String, title: String, duration: Int? = nil, imageURL: String? = nil, hlsURL: String? = nil,
                webURL: String? = nil, description: String? = nil) {
        self.id = id
        self.title = title
        self.duration = duration
        self.imageURL = imageURL
        self.hlsURL = hlsURL
        self.webURL = webURL
        self.description = description
    }
}

/// One row of a section: a video, a story, a live cast, an HDRelay stream, a station or a link.
public enum SectionItem: Sendable, Hashable {
    /// A Vimeo video (Watch).
    case video(InterlochenVideo)
    /// An NPR story (Listen, when playable).
    case story(NPRStory)
    /// A LiveStream event (Watch when live; marked LIVE).
    case cast(LiveStreamEvent)
    /// An HDRelay stream from content-meta.json (Watch; marked LIVE when live).
    case relay(HDRelayStream)
    /// A radio station (Listen).
    case station(RadioStation)
    /// A link of the More section (opened in the browser).
    case link(MoreLink)

    /// The kind, as `mediakit interlochen --json` writes it in `"type"`.
    public var type: ItemType {
        switch self {
        case .video: .vimeo
        case .story: .npr
        case .cast: .livestream
        case .relay: .hdrelay
        case .station: .station
        case .link: .link
        }
    }

    /// The item's id within its kind (a link's id is its URL).
    public var id: String {
        switch self {
        case .video(let video): video.id
        case .story(let story): story.id
        case .cast(let event): event.id
        case .relay(let stream): stream.id
        case .station(let station): station.id
        case .link(let link): link.link
        }
    }

    /// The title shown.
    public var title: String {
        switch self {
        case .video(let video): video.title
        case .story(let story): story.title
        case .cast(let event): event.title
        case .relay(let stream): stream.title
        case .station(let station): station.name
        case .link(let link): link.name
        }
    }

    /// The image shown, if any.
    public var imageURL: String? {
        switch self {
        case .video(let video): video.imageURL
        case .story(let story): story.imageURL
        case .cast(let event): event.imageURL
        case .relay(let stream): stream.imageURL
        case .station(let station): station.imageURL
        case .link: nil
        }
    }

    /// What Listen plays: a playable story's MP3 or a station's stream.
    public var listenURL: String? {
        switch self {
        case .story(let story): story.audioURL
        case .station(let station): station.streamURL
        default: nil
        }
    }

    /// What Watch plays: a video's HLS link, a live cast's playlist or an HDRelay stream's (live or not).
    public var watchURL: String? {
        switch self {
        case .video(let video): video.hlsURL
        case .cast(let event): event.isLive ? event.hlsURL : nil
        case .relay(let stream): stream.hlsURL
        default: nil
        }
    }

    /// What Share copies: the item's page on the web when it has one (a video's Vimeo page, a story's NPR
    /// page), else what it plays (a station's stream, a live cast's or an HDRelay stream's playlist); only an absolute
    /// http(s) address (``LinkPolicy``'s rule for what the app loads), else nothing (no Share). A More link is
    /// opened, not shared.
    public var shareURL: URL? {
        let candidates: [String?] = switch self {
        case .video(let video): [video.webURL, video.hlsURL]
        case .story(let story): [story.link, story.audioURL]
        case .cast(let event): [event.isLive ? event.hlsURL : nil]
        case .relay(let stream): [stream.hlsURL]
        case .station(let station): [station.streamURL]
        case .link: []
        }
        for case let text? in candidates {
            if let url = URL(string: text), case .open = LinkPolicy.image(url) { return url }
        }
        return nil
    }

    /// The kinds of item, by their JSON name.
    public enum ItemType: String, Sendable, Hashable, CaseIterable {
        /// A Vimeo video.
        case vimeo
        /// An NPR story.
        case npr
        /// A LiveStream event.
        case livestream
        /// An HDRelay stream.
        case hdrelay
        /// A radio station.
        case station
        /// A More link.
        case link
    }
}
