import FeedCore

/// A LiveStream event: `GET {livestream}/accounts/{account}/events/{event}` →
/// `{id, full_name, description, in_progress, logo{url}, stream_info{m3u8_url, secure_m3u8_url, is_live} | null}`.
///
/// Live means `stream_info.is_live == true` with a playlist URL; `in_progress` alone is not live (an event can
/// be in progress with its stream not started or already ended).
public struct LiveStreamEvent: Sendable, Hashable, Decodable {
    /// The event id.
    public var id: String
    /// Its title (`full_name`).
    public var title: String
    /// Its description, if any.
    public var description: String?
    /// Whether LiveStream says the event is in progress.
    public var inProgress: Bool
    /// The logo, if any.
    public var imageURL: String?
    /// The HLS playlist: `secure_m3u8_url`, or `m3u8_url` when there is no secure one.
    public var hlsURL: String?
    /// `stream_info.is_live`.
    public var streamIsLive: Bool

    /// An event.
    public init(id: String, title: String, description: String? = nil, inProgress: Bool = false,
                imageURL: String? = nil, hlsURL: String? = nil, streamIsLive: Bool = false) {
        self.id = id
        self.title = title
        self.description = description
        self.inProgress = inProgress
        self.imageURL = imageURL
        self.hlsURL = hlsURL
        self.streamIsLive = streamIsLive
    }

    /// Live: the stream says so and there is something to play.
    public var isLive: Bool { streamIsLive && hlsURL != nil }

    enum CodingKeys: String, CodingKey {
        case id, fullName = "full_name", description, inProgress = "in_progress", logo, streamInfo = "stream_info"
    }
    enum LogoKeys: String, CodingKey { case url }
    enum StreamKeys: String, CodingKey { case m3u8 = "m3u8_url", secure = "secure_m3u8_url", isLive = "is_live" }

    /// Decodes an event (booleans may arrive as strings; `stream_info` may be `null` or missing).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try container.decodeText(forKey: .id) else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "an event needs an id")
        }
        self.id = id
        title = try container.decodeText(forKey: .fullName) ?? ""
        description = try container.decodeText(forKey: .description)
        inProgress = try container.decodeLenientBool(forKey: .inProgress) ?? false
        if container.contains(.logo), try !container.decodeNil(forKey: .logo) {
            imageURL = try container.nestedContainer(keyedBy: LogoKeys.self, forKey: .logo).decodeText(forKey: .url)
        }
        if container.contains(.streamInfo), try !container.decodeNil(forKey: .streamInfo) {
            let stream = try container.nestedContainer(keyedBy: StreamKeys.self, forKey: .streamInfo)
            hlsURL = try stream.decodeText(forKey: .secure) ?? (try stream.decodeText(forKey: .m3u8))
            streamIsLive = try stream.decodeLenientBool(forKey: .isLive) ?? false
        } else {
            streamIsLive = false
        }
    }
}
