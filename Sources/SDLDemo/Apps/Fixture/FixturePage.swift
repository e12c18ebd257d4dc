import Foundation
import ScreenKit

/// One page of the fixture app's catalogue: a JSON document describing a list screen.
///
/// ```json
/// { "screen": "albums", "title": "Albums", "style": {"rowHeight": 72, "thumbnails": true, "refreshable": true},
///   "rows": [ { "id": "a1", "title": "Night Drives", "subtitle": "60 videos", "overline": "ALBUM",
///               "thumbnail": "images/a1.jpg", "list": "albums/a1-1.json", "screen": "videos" },
///             { "id": "v1", "title": "Clip", "details": { "title": "Clip", "image": "images/v1.jpg",
///               "facts": ["3 min"], "paragraph": "…", "actions": ["play", "watch"] } },
///             { "id": "x", "title": "Offline item", "notice": { "title": "No internet connection", "message": "…" } } ],
///   "next": "albums-2.json" }
/// ```
/// Relative references (`thumbnail`, `list`, `next`, `image`) resolve against the page's own URL, so a
/// catalogue works the same from files and from a local server.
struct FixturePage: Decodable, Equatable, Sendable {
    /// The screen's name (default `rows`, or what the selected row said).
    var screen: String?
    /// The title bar's text.
    var title: String?
    /// Row height, thumbnails, pull to refresh.
    var style: Style?
    /// The page's rows.
    var rows: [FixtureRow]
    /// The next page, if any.
    var next: String?

    /// How the list looks.
    struct Style: Decodable, Equatable, Sendable {
        var rowHeight: Double?
        var thumbnails: Bool?
        var refreshable: Bool?

        var listStyle: ListStyle {
            var style = ListStyle.default
            if let rowHeight, rowHeight >= 24, rowHeight <= 400 { style.rowHeight = rowHeight }
            if let thumbnails { style.showsThumbnails = thumbnails }
            if let refreshable { style.isRefreshable = refreshable }
            return style
        }
    }

    /// Decodes a page; errors name the JSON path of the bad field.
    static func decode(_ bytes: [UInt8], from url: URL) throws -> FixturePage {
        do {
            return try JSONDecoder().decode(FixturePage.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw ResourceError(message: "\(url.lastPathComponent): \(Self.describe(error))")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let components = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return components.isEmpty ? "the document" : "$" + components
        }
        switch error {
        case .dataCorrupted(let context): return "not valid JSON at \(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\" in \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "wrong type at \(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// A row of a fixture page and what selecting it does (details, another list, a notice, or nothing).
struct FixtureRow: Decodable, Equatable, Sendable {
    var id: String
    var title: String
    var subtitle: String?
    var overline: String?
    var badge: String?
    var thumbnail: String?
    /// Selecting pushes this details screen.
    var details: FixtureDetails?
    /// Selecting pushes the list at this page.
    var list: String?
    /// The pushed list's screen name (default `list`).
    var screen: String?
    /// Selecting shows this notice.
    var notice: FixtureNotice?

    /// The list row, with references resolved against `base`.
    func listRow(base: URL) -> ListRow {
        ListRow(id: RowID(id), title: title, subtitle: subtitle, overline: overline, badge: badge,
                thumbnail: thumbnail.flatMap { URL(string: $0, relativeTo: base)?.absoluteURL })
    }
}

/// A details screen in a fixture.
struct FixtureDetails: Decodable, Equatable, Sendable {
    var title: String?
    var subtitle: String?
    var overline: String?
    var facts: [String]?
    var paragraph: String?
    var image: String?
    /// `play`, `listen`, `watch`, `open`, or any other name (a custom action).
    var actions: [String]?

    func screen(row: FixtureRow, base: URL) -> DetailsScreen {
        DetailsScreen(image: image.flatMap { URL(string: $0, relativeTo: base)?.absoluteURL },
                      overline: overline ?? row.overline, title: title ?? row.title, subtitle: subtitle ?? row.subtitle,
                      facts: facts ?? [], paragraph: paragraph ?? "",
                      actions: (actions ?? []).map { name in
                          switch name {
                          case "play": ActionButton(.play)
                          case "listen": ActionButton(.listen)
                          case "watch": ActionButton(.watch)
                          case "open": ActionButton(.open)
                          default: ActionButton(.custom(name))
                          }
                      })
    }
}

/// A notice in a fixture.
struct FixtureNotice: Decodable, Equatable, Sendable {
    var title: String
    var message: String
}
