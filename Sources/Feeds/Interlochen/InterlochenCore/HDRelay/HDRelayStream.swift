import FeedCore
import Foundation

/// An HDRelay stream, declared in content-meta.json itself (issue 19): everything the app shows and plays comes
/// from the file, nothing is fetched about it and nothing is static (seed 000: "all information you need to play
/// and view details for these integrations should be in the content-meta.json file").
///
/// The entry's shape is **inferred** (the seed names HDRelay but shows no file), in the shape of the file's other
/// entries, as a category entry or in `featured.hdrelayStreams`:
///
/// ```json
/// {"type": "hdrelay", "id": "chapel", "title": "Chapel concert", "image": "https://…/chapel.jpg",
///  "hlsUrl": "https://…/chapel/index.m3u8", "live": true, "description": "…"}
/// ```
///
/// `id`, `title` and `hlsUrl` are required; `hlsUrl` must be an absolute http(s) address with a host and no
/// credentials (``LinkPolicy/image(_:)``'s rule for what the app loads), else the entry is skipped with a
/// warning. `live` reads booleans sent as booleans, numbers or strings; missing or unreadable is not live.
public struct HDRelayStream: Sendable, Hashable {
    /// The stream's id (`id`, a string or a number).
    public var id: String
    /// Its title (`title`).
    public var title: String
    /// Its picture (`image`), if any.
    public var imageURL: String?
    /// The HLS playlist to play (`hlsUrl`): an http(s) address.
    public var hlsURL: String
    /// Whether it is live now (`live`): shown with LIVE and played as live video.
    public var isLive: Bool
    /// A paragraph for the details (`description`), if any.
    public var description: String?

    /// A stream.
    public init(id: String, title: String, imageURL: String? = nil, hlsURL: String, isLive: Bool,
                description: String? = nil) {
        self.id = id
        self.title = title
        self.imageURL = imageURL
        self.hlsURL = hlsURL
        self.isLive = isLive
        self.description = description
    }

    /// The keys of an `hdrelay` entry.
    enum Keys: String, CodingKey { case id, title, image, hlsUrl, live, description }

    /// Reads an entry, or says why it is skipped. A field of the wrong JSON type (an array for a title) counts as
    /// missing, so one bad entry never fails the whole file.
    static func read(_ container: KeyedDecodingContainer<Keys>) -> Result<HDRelayStream, Skipped> {
        func text(_ key: Keys) -> String? { (try? container.decodeText(forKey: key)) ?? nil }
        guard let id = text(.id) else { return .failure(Skipped("an hdrelay entry without an id, skipped")) }
        guard let title = text(.title) else { return .failure(Skipped("an hdrelay entry without a title, skipped")) }
        guard let hls = text(.hlsUrl) else { return .failure(Skipped("an hdrelay entry without an hlsUrl, skipped")) }
        guard isWebAddress(hls) else {
            return .failure(Skipped("an hdrelay entry whose hlsUrl is not an http(s) address, skipped"))
        }
        return .success(HDRelayStream(id: id, title: title, imageURL: text(.image).flatMap { isWebAddress($0) ? $0 : nil },
                                      hlsURL: hls, isLive: (try? container.decodeLenientBool(forKey: .live)) ?? false,
                                      description: text(.description)))
    }

    /// Whether `text` is an address the app may load: absolute http(s) with a host, no credentials, no spaces or
    /// control characters, at most ``LinkPolicy/maximumLength`` bytes.
    static func isWebAddress(_ text: String) -> Bool {
        // Checked on the text as sent: Foundation's URL(string:) quietly percent-encodes spaces.
        if text.unicodeScalars.contains(where: { $0.value < 0x21 || (0x7F...0x9F).contains($0.value) }) { return false }
        guard let url = URL(string: text), case .open = LinkPolicy.image(url) else { return false }
        return true
    }

    /// Why an entry was skipped (the warning's message).
    struct Skipped: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
