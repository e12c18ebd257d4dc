import FeedCore

/// One of an entity's `metadata.connections`: a related list's API link and how many items it holds.
public struct VimeoConnection: Sendable, Hashable {
    /// The connection's name (`videos`, `comments`, `likes`, …).
    public var name: String
    /// The API path (`/albums/1234/videos`), when given.
    public var uri: String?
    /// The allowed methods (`["GET"]`).
    public var options: [String]
    /// How many items the list holds, when given.
    public var total: Int?

    /// A connection.
    public init(name: String, uri: String?, options: [String] = [], total: Int?) {
        self.name = name
        self.uri = uri
        self.options = options
        self.total = total
    }

    /// The link, when there is one and the list is not empty (the seed: "save metadata link if total > 0").
    public var linkIfNotEmpty: String? {
        guard let uri, let total, total > 0 else { return nil }
        return uri
    }
}

/// An entity's `metadata`, kept whole (every item, every field: the seed's "save all fields for each
/// metadata line item"), with its connections read out.
///
/// Connections whose value is `null` (Vimeo sends `"pictures": null` where a list is not available) are
/// kept in ``raw`` and left out of ``connections``.
///
/// ```swift
/// album.metadata.connection("videos")?.linkIfNotEmpty   // "/albums/1234/videos" when it has videos
/// ```
public struct VimeoMetadata: Sendable, Hashable, Decodable {
    /// The whole `metadata` object as sent (`.null` when missing).
    public var raw: JSONTree
    /// The non-null connections, by name.
    public var connections: [VimeoConnection]

    /// Metadata read from a JSON tree (see ``init(from:)`` for the rules).
    public init(raw: JSONTree) {
        self.raw = raw
        var connections: [VimeoConnection] = []
        if case .object(let members)? = raw["connections"] {
            for member in members {
                guard case .object = member.value else { continue }
                var options: [String] = []
                if case .array(let items)? = member.value["options"] { options = items.compactMap(\.text) }
                connections.append(VimeoConnection(name: member.name, uri: member.value["uri"]?.text,
                                                   options: options, total: member.value["total"]?.int))
            }
        }
        self.connections = connections
    }

    /// No metadata.
    public static let none = VimeoMetadata(raw: .null)

    /// Decodes `metadata` as any JSON object (or `null`).
    public init(from decoder: any Decoder) throws {
        self.init(raw: try JSONTree(from: decoder))
    }

    /// The connection named `name`, if present and not null.
    public func connection(_ name: String) -> VimeoConnection? {
        connections.first { $0.name == name }
    }
}
