import FeedCore

/// One piece of media that content-meta.json points at, by the identity its service knows it by.
///
/// The seed's caching rule ("if content-meta.json contains media that is already cached, do not reload it")
/// is decided on these: two configurations are compared as sets of references (``MediaChange``).
public enum MediaReference: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A Vimeo album: all of its videos.
    case vimeoAlbum(id: String)
    /// One NPR story, by story id (`featured.audio`).
    case nprStory(id: String)
    /// An NPR query (`radio.nprQueryParams`, or `{"type": "npr", "params": …}` in a category).
    case nprQuery(NPRQuery)
    /// A LiveStream event of an account.
    case liveStream(LiveStreamCast)

    /// A stable text form, e.g. `vimeo:album/123`, `npr:story/456`, `npr:query/id=1;numResults=10`,
    /// `livestream:42/7`: the key media is stored under.
    public var description: String {
        switch self {
        case .vimeoAlbum(let id): "vimeo:album/\(id)"
        case .nprStory(let id): "npr:story/\(id)"
        case .nprQuery(let query): "npr:query/\(query)"
        case .liveStream(let cast): "livestream:\(cast.account)/\(cast.event)"
        }
    }

    /// Ordered by their text form, so lists of references print in a stable order.
    public static func < (lhs: MediaReference, rhs: MediaReference) -> Bool {
        lhs.description < rhs.description
    }
}

/// A LiveStream cast: `{"account": "…", "event": "…"}` (ids sent as strings or numbers).
public struct LiveStreamCast: Sendable, Hashable, Decodable {
    /// The LiveStream account id.
    public var account: String
    /// The event id within the account.
    public var event: String

    /// A cast of `event` on `account`.
    public init(account: String, event: String) {
        self.account = account
        self.event = event
    }

    enum CodingKeys: String, CodingKey { case account, event }

    /// Decodes `account` and `event`; both are required and must not be empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        account = try container.decodeLenientString(forKey: .account)
        event = try container.decodeLenientString(forKey: .event)
        for (key, value) in [(CodingKeys.account, account), (.event, event)] where value.isEmpty {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "empty LiveStream id")
        }
    }
}

/// The parameters of an NPR Story API query (`id`, `numResults`, …), values as text whatever JSON type they
/// were sent as. Paging parameters (`startNum`) are not part of a query's identity: ``NPRPage`` adds them.
public struct NPRQuery: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The parameters, by name.
    public var parameters: [String: String]

    /// A query with `parameters`.
    public init(_ parameters: [String: String]) {
        self.parameters = parameters.filter { $0.key != "startNum" }
    }

    /// Decodes an object of scalars (`{"id": "1", "numResults": 10}`).
    ///
    /// Members are read in name order, so an object with several bad members always reports the same one:
    /// `[String: T](from:)` walks the object in its dictionary's order, which differs between two decodings of
    /// the same bytes (Swift seeds each dictionary's hashing), and the fuzz target `contentmeta` caught two runs
    /// naming different members.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        var parameters: [String: String] = [:]
        for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            parameters[key.stringValue] = try object.decode(LenientString.self, forKey: key).value
        }
        self.init(parameters)
    }

    /// Results per page: `numResults` when it is a positive integer, otherwise the API's default, 10.
    public var pageSize: Int {
        parameters["numResults"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 10
    }

    /// The parameters sorted by name, `name=value` joined with `;`.
    public var description: String {
        parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
    }
}
