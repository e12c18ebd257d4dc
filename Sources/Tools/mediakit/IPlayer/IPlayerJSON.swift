import Foundation
import IPlayerCore

// The `--json` documents of `mediakit iplayer` (issue 10; a contract: keys and types stay as they are).
enum IPlayerJSON {
    /// `{"id", "title"}`: a category.
    static func category(id: String, title: String) -> JSONValue {
        .object([("id", .string(id)), ("title", .string(title))])
    }

    /// `[{"id", "title"}, …]`.
    static func categories(_ categories: [IPlayerCore.Category]) -> JSONValue {
        .array(categories.map { category(id: $0.id, title: $0.title) })
    }

    /// `{"category": {"id", "title"}, "items": [...]}`.
    static func highlights(category: JSONValue, rows: [HighlightRow], imageWidth: Int) -> JSONValue {
        .object([("category", category), ("items", .array(rows.map { item($0, imageWidth: imageWidth) }))])
    }

    /// `{"kind": "episode", "id", "channel", "title", "subtitle", "image"}` or
    /// `{"kind": "collection", "id", "channel": "COLLECTION", "title", "count", "image"}`;
    /// `subtitle` is `""` when missing, `image` the ImageChef URL for `--image-width` (`null` without image).
    static func item(_ row: HighlightRow, imageWidth: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(row.kind.rawValue)), ("id", .string(row.id)), ("channel", .string(row.channel)),
            ("title", .string(row.title)),
        ]
        switch row.kind {
        case .episode: members.append(("subtitle", .string(row.subtitle)))
        case .collection: members.append(("count", .integer(row.count ?? 0)))
        }
        members.append(("image", .string(row.imageURL(width: imageWidth)?.absoluteString)))
        return .object(members)
    }

    /// `{"id", "channel", "title", "subtitle", "synopsis", "durationSeconds", "firstBroadcast", "remaining", "image"}`;
    /// `durationSeconds` is the exact decimal value of the ISO 8601 duration (`3514.44`), `null` when the feed
    /// has none; texts are `""` when missing.
    static func episode(_ details: EpisodeDetails, imageWidth: Int) -> JSONValue {
        .object([
            ("id", .string(details.id)), ("channel", .string(details.channel)), ("title", .string(details.title)),
            ("subtitle", .string(details.subtitle)), ("synopsis", .string(details.synopsis)),
            ("durationSeconds", details.durationSeconds.map(JSONValue.number) ?? .null),
            ("firstBroadcast", .string(details.firstBroadcast)), ("remaining", .string(details.remaining)),
            ("image", .string(details.imageURL(width: imageWidth)?.absoluteString)),
        ])
    }
}
