import FeedCore
import Foundation
import VimeoCore

// The `--json` documents of `mediakit vimeo` (issue 12; a contract: keys and types stay as they are).
enum VimeoJSON {
    /// `{"source", "fetchedAt", "stale", …members}`: where the data came from, when it was fetched (ISO 8601),
    /// whether it is stale, then the command's data.
    static func document<T>(_ sourced: Sourced<T>, _ members: [(String, JSONValue)]) -> JSONValue {
        .object([("source", .string(sourced.source.rawValue)),
                 ("fetchedAt", .string(ISO8601Timestamp.format(sourced.fetchedAt))),
                 ("stale", .bool(sourced.freshness == .stale))] + members)
    }

    /// `me`: `name, link, location, bio, pictures: [link], websites: [{every field}], metadata: {every item}`.
    static func user(_ user: VimeoUser) -> [(String, JSONValue)] {
        [("name", .string(user.name)), ("link", .string(user.link)), ("location", .string(user.location)),
         ("bio", .string(user.bio)), ("pictures", links(user.pictures)), ("websites", .array(user.websites.map(value))),
         ("metadata", value(user.metadata.raw))]
    }

    /// An album: `{id, name, description, createdTime, pictures: [link], videosLink}`, `videosLink` only when the
    /// album has videos.
    static func album(_ album: VimeoAlbum) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(album.id)), ("name", .string(album.name)), ("description", .string(album.description)),
            ("createdTime", .string(album.createdTime.map(ISO8601Timestamp.format))), ("pictures", links(album.pictures)),
        ]
        if let link = album.videosLink { members.append(("videosLink", .string(link))) }
        return .object(members)
    }

    /// `page, perPage, total, hasMore, videos: [...]`.
    static func page(_ page: VideoPage) -> [(String, JSONValue)] {
        [("page", .integer(page.page)), ("perPage", .integer(page.perPage)), ("total", page.total.map(JSONValue.integer) ?? .null),
         ("hasMore", .bool(page.hasMore)), ("videos", .array(page.videos.map(video)))]
    }

    /// A video: `{id, name, description, duration, width, height, createdTime, pictures: [link], tags: [name],
    /// metadataLink, files: [{quality, type, width, height, link, linkSecure, size, md5}], status}`.
    static func video(_ video: VimeoVideo) -> JSONValue {
        .object([
            ("id", .string(video.id)), ("name", .string(video.name)), ("description", .string(video.description)),
            ("duration", int(video.duration)), ("width", int(video.width)), ("height", int(video.height)),
            ("createdTime", .string(video.createdTime.map(ISO8601Timestamp.format))), ("pictures", links(video.pictures)),
            ("tags", .array(video.tags.map(JSONValue.string))), ("metadataLink", .string(video.metadataLink)),
            ("files", .array(video.files.map(file))), ("status", .string(video.status)),
        ])
    }

    /// A file: `{quality, type, width, height, link, linkSecure, size, md5}` (null where not given).
    static func file(_ file: VimeoFile) -> JSONValue {
        .object([("quality", .string(file.quality)), ("type", .string(file.type)), ("width", int(file.width)),
                 ("height", int(file.height)), ("link", .string(file.link)), ("linkSecure", .string(file.linkSecure)),
                 ("size", int(file.size)), ("md5", .string(file.md5))])
    }

    static func links(_ pictures: VimeoPictures) -> JSONValue {
        .array(pictures.links.map(JSONValue.string))
    }

    static func int(_ value: Int?) -> JSONValue {
        value.map(JSONValue.integer) ?? .null
    }

    /// A kept JSON value as it was sent.
    static func value(_ tree: JSONTree) -> JSONValue {
        switch tree {
        case .string(let text): .string(text)
        case .integer(let value): .integer(Int(value))
        case .double(let value): .number(value)
        case .bool(let flag): .bool(flag)
        case .null: .null
        case .array(let items): .array(items.map(value))
        case .object(let members): .object(members.map { ($0.name, value($0.value)) })
        }
    }
}

// Text output of `mediakit vimeo` (for people; not a contract).
enum VimeoPrinted {
    static func user(_ user: VimeoUser) -> String {
        var lines = [user.name]
        if let link = user.link { lines.append("Link: \(link)") }
        if let location = user.location { lines.append("Location: \(location)") }
        if let bio = user.bio { lines.append("Bio: \(bio)") }
        lines.append("Pictures: \(user.pictures.sizes.count) sizes")
        for website in user.websites {
            lines.append("Website: \(website["name"]?.text ?? "") \(website["link"]?.text ?? "")".trimmingTrailingSpaces())
        }
        for connection in user.metadata.connections {
            lines.append("\(connection.name): \(connection.total.map(String.init) ?? "–") (\(connection.uri ?? ""))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func albums(_ albums: [VimeoAlbum]) -> String {
        let table = TextTable(header: ["ID", "VIDEOS", "CREATED", "NAME"], rows: albums.map { album in
            [album.id, album.videoCount.map(String.init) ?? "–",
             album.createdTime.map { String(ISO8601Timestamp.format($0).prefix(10)) } ?? "–", album.name]
        })
        return "\(albums.count == 1 ? "1 album" : "\(albums.count) albums")\n\n" + table.rendered
    }

    static func page(_ page: VideoPage) -> String {
        let total = page.total.map { " of \($0) videos" } ?? ""
        let more = page.hasMore ? ", more follow" : ", the last"
        let table = TextTable(header: ["ID", "DURATION", "SIZE", "FILES", "NAME"], rows: page.videos.map { video in
            [video.id, video.duration.map(VimeoText.duration) ?? "–",
             video.width.flatMap { w in video.height.map { "\(w)x\($0)" } } ?? "–",
             video.files.isEmpty ? "–" : video.files.compactMap(\.quality).joined(separator: ","), video.name]
        })
        return "page \(page.page)\(total)\(more)\n\n" + table.rendered
    }

    /// `\nfrom the network at …` or `\nfrom the store, fetched …` (plus `(stale)`).
    static func provenance<T>(_ sourced: Sourced<T>) -> String {
        let when = ISO8601Timestamp.format(sourced.fetchedAt)
        let stale = sourced.freshness == .stale ? " (stale)" : ""
        return sourced.source == .network ? "\nfetched from the network at \(when)\n" : "\nfrom the store, fetched \(when)\(stale)\n"
    }
}
