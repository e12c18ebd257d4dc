import FeedCore
import FeedKit
import Foundation
import GRDB
import VimeoCore

/// The Vimeo library's store: SQLite through GRDB (``FeedKit/FeedStore``), one row per entity, the date
/// of every retrieval, so a later run starts from it.
///
/// | table | one row per | columns |
/// |---|---|---|
/// | `vimeo_user` | the user (one) | name, link, location, bio, pictures, websites, metadata (JSON), `fetched_at` |
/// | `vimeo_album` | album (whitelisted only) | id, position, uri, name, description, created_time, pictures, metadata (JSON), videos_link, video_count, `fetched_at` |
/// | `vimeo_video` | video | id, uri, name, description, duration, width, height, created_time, link, pictures, tags, metadata, files (JSON), status, `fetched_at` |
/// | `vimeo_list_page` | stored page of a video list | list (`album:ID`, `search:Q`), page, per_page, total, has_more, `fetched_at` |
/// | `vimeo_list_entry` | video on a stored page | list, page, position, video_id |
/// | `vimeo_state` | setting | `albums.whitelist` (the whitelist the albums were filtered by), `albums.fetched_at` |
///
/// plus FeedKit's `feedkit_retrieval` (the date of every retrieval, and the one global date). Dates are
/// seconds since 1970 (`REAL`), read back exactly. Every change is one transaction with its retrieval
/// records (``commit(_:)``): a reader sees the previous complete set or the new one, never part of a refresh.
///
/// ```swift
/// let store = try VimeoStore(path: VimeoStore.defaultPath(for: baseURL))
/// let stored = try await store.albums()            // (albums, fetchedAt, whitelist) or nil
/// ```
public final class VimeoStore: Sendable {
    /// The underlying store.
    public let feedStore: FeedStore

    /// The schema, in order.
    public static let migrations: [StoreMigration] = [
        StoreMigration("vimeo.v1") { db in
            try db.create(table: "vimeo_user") { t in
                t.primaryKey("slot", .integer).check { $0 == 1 }
                t.column("id", .text)
                t.column("name", .text).notNull()
                t.column("link", .text)
                t.column("location", .text)
                t.column("bio", .text)
                t.column("pictures", .text).notNull()
                t.column("websites", .text).notNull()
                t.column("metadata", .text).notNull()
                t.column("fetched_at", .double).notNull()
            }
            try db.create(table: "vimeo_album") { t in
                t.primaryKey("id", .text)
                t.column("position", .integer).notNull()
                t.column("uri", .text).notNull()
                t.column("name", .text).notNull()
                t.column("description", .text)
                t.column("created_time", .double)
                t.column("pictures", .text).notNull()
                t.column("metadata", .text).notNull()
                t.column("videos_link", .text)
                t.column("video_count", .integer)
                t.column("fetched_at", .double).notNull()
            }
            try db.create(table: "vimeo_video") { t in
                t.primaryKey("id", .text)
                t.column("uri", .text).notNull()
                t.column("name", .text).notNull()
                t.column("description", .text)
                t.column("duration", .integer)
                t.column("width", .integer)
                t.column("height", .integer)
                t.column("created_time", .double)
                t.column("link", .text)
                t.column("pictures", .text).notNull()
                t.column("tags", .text).notNull()
                t.column("metadata", .text).notNull()
                t.column("files", .text).notNull()
                t.column("status", .text)
                t.column("fetched_at", .double).notNull()
            }
            try db.create(table: "vimeo_list_page") { t in
                t.column("list", .text).notNull()
                t.column("page", .integer).notNull()
                t.column("per_page", .integer).notNull()
                t.column("total", .integer)
                t.column("has_more", .boolean).notNull()
                t.column("fetched_at", .double).notNull()
                t.primaryKey(["list", "page"])
            }
            try db.create(table: "vimeo_list_entry") { t in
                t.column("list", .text).notNull()
                t.column("page", .integer).notNull()
                t.column("position", .integer).notNull()
                t.column("video_id", .text).notNull()
                t.primaryKey(["list", "page", "position"])
            }
            try db.create(index: "vimeo_list_entry_video", on: "vimeo_list_entry", columns: ["video_id"])
            try db.create(table: "vimeo_state") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        },
    ]

    /// Opens (creating if needed) the store at `path`.
    /// - Throws: ``FeedCore/FeedError`` of kind `store`.
    public init(path: String) throws(FeedError) {
        feedStore = try FeedStore(path: path, migrations: Self.migrations)
    }

    /// A store in memory (tests).
    public init(inMemory: Void = ()) throws(FeedError) {
        feedStore = try FeedStore.inMemory(migrations: Self.migrations)
    }

    /// The file, or `nil` in memory.
    public var path: String? { feedStore.path }

    /// The default store for the API at `baseURL`: FeedKit's one rule,
    /// `$XDG_CACHE_HOME/circleplayer/vimeo/HOST[_PORT].sqlite` (``FeedKit/FeedStore/defaultPath(app:for:environment:)``).
    public static func defaultPath(for baseURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        FeedStore.defaultPath(app: "vimeo", for: baseURL, environment: environment)
    }

    // MARK: Reading

    /// A stored value and when it was fetched.
    public struct Stored<Value: Sendable>: Sendable {
        /// The value.
        public var value: Value
        /// When it was fetched.
        public var fetchedAt: Date
    }

    /// The stored user, if any.
    public func user() async throws(FeedError) -> Stored<VimeoUser>? {
        try await feedStore.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM vimeo_user WHERE slot = 1") else { return nil }
            let websites: [JSONTree]
            if case .array(let items) = Self.tree(row["websites"]) { websites = items } else { websites = [] }
            let user = VimeoUser(id: row["id"], name: row["name"] ?? "", link: row["link"], location: row["location"],
                                 bio: row["bio"], pictures: VimeoPictures(jsonTree: Self.tree(row["pictures"])),
                                 websites: websites, metadata: VimeoMetadata(raw: Self.tree(row["metadata"])))
            return Stored(value: user, fetchedAt: Self.date(row["fetched_at"]) ?? .distantPast)
        }
    }

    /// The stored album list, if it was ever fetched: the albums in the API's order, when, and the
    /// fingerprint of the whitelist they were filtered by.
    public func albums() async throws(FeedError) -> (albums: [VimeoAlbum], fetchedAt: Date, whitelist: String)? {
        try await feedStore.read { db in
            let state = try Self.state(db)
            guard let fetched = state["albums.fetched_at"].flatMap(Double.init) else { return nil }
            let albums = try Row.fetchAll(db, sql: "SELECT * FROM vimeo_album ORDER BY position").map(Self.album(from:))
            return (albums, Date(timeIntervalSince1970: fetched), state["albums.whitelist"] ?? "*")
        }
    }

    /// The stored page `page` of `list`, if any, and when it was fetched.
    public func page(_ list: VideoListID, page: Int) async throws(FeedError) -> Stored<VideoPage>? {
        try await feedStore.read { db in
            guard let meta = try Row.fetchOne(db, sql: "SELECT * FROM vimeo_list_page WHERE list = ? AND page = ?",
                                              arguments: [list.storeName, page]) else { return nil }
            let videos = try Row.fetchAll(db, sql: """
                SELECT v.* FROM vimeo_list_entry e JOIN vimeo_video v ON v.id = e.video_id
                WHERE e.list = ? AND e.page = ? ORDER BY e.position
                """, arguments: [list.storeName, page]).map(Self.video(from:))
            let value = VideoPage(list: list, page: page, perPage: meta["per_page"] ?? VimeoResource.perPage,
                                  total: meta["total"], hasMore: meta["has_more"] ?? false, videos: videos)
            return Stored(value: value, fetchedAt: Self.date(meta["fetched_at"]) ?? .distantPast)
        }
    }

    /// When page 1 of each album's video list was stored, by album id.
    public func firstPagesStoredAt() async throws(FeedError) -> [String: Date] {
        try await feedStore.read { db in
            var dates: [String: Date] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT list, fetched_at FROM vimeo_list_page WHERE page = 1 AND list LIKE 'album:%'") {
                let list: String = row["list"] ?? ""
                if let date = Self.date(row["fetched_at"]) { dates[String(list.dropFirst("album:".count))] = date }
            }
            return dates
        }
    }

    /// How many rows each Vimeo table holds (tests, benchmarks).
    public func counts() async throws(FeedError) -> [String: Int] {
        try await feedStore.read { db in
            var counts: [String: Int] = [:]
            for table in ["vimeo_user", "vimeo_album", "vimeo_video", "vimeo_list_page", "vimeo_list_entry"] {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }

    /// The one global date: the most recent retrieval of anything.
    public func lastRetrieval() async throws(FeedError) -> Retrieval? {
        try await feedStore.latestRetrieval()
    }

    // MARK: Writing

    /// What one commit writes: any of a user, a whole album list, and pages of video lists.
    public struct Batch: Sendable {
        /// The user, and the URL it came from.
        public var user: (value: VimeoUser, url: String)?
        /// The album list (already filtered by the whitelist), the whitelist's fingerprint, and the first
        /// page's URL.
        public var albums: (value: [VimeoAlbum], whitelist: String, url: String)?
        /// Pages of video lists, each with its URL. A page 1 replaces its whole list (later pages are
        /// dropped: the list starts over).
        public var pages: [(value: VideoPage, url: String)]

        /// A batch.
        public init(user: (value: VimeoUser, url: String)? = nil,
                    albums: (value: [VimeoAlbum], whitelist: String, url: String)? = nil,
                    pages: [(value: VideoPage, url: String)] = []) {
            self.user = user
            self.albums = albums
            self.pages = pages
        }

        /// Whether there is nothing to write.
        public var isEmpty: Bool { user == nil && albums == nil && pages.isEmpty }
    }

    /// Writes `batch` as fetched at `fetchedAt`, and records each retrieval, in one transaction: all of it
    /// or (if anything fails) none of it.
    public func commit(_ batch: Batch, fetchedAt: Date) async throws {
        guard !batch.isEmpty else { return }
        var retrievals: [Retrieval] = []
        if let user = batch.user { retrievals.append(Retrieval(resource: VimeoResource.user.key, fetchedAt: fetchedAt, url: user.url)) }
        if let albums = batch.albums { retrievals.append(Retrieval(resource: VimeoResource.albums.key, fetchedAt: fetchedAt, url: albums.url)) }
        for page in batch.pages {
            retrievals.append(Retrieval(resource: VimeoResource.videos(page.value.list, page: page.value.page).key,
                                        fetchedAt: fetchedAt, url: page.url))
        }
        let at = fetchedAt.timeIntervalSince1970
        let user = batch.user?.value
        let albums = batch.albums.map { ($0.value, $0.whitelist) }
        let pages = batch.pages.map(\.value)
        try await feedStore.refresh(retrievals) { db in
            if let user { try Self.write(user, at: at, db) }
            if let (albums, whitelist) = albums { try Self.write(albums, whitelist: whitelist, at: at, db) }
            for page in pages { try Self.write(page, at: at, db) }
            if !pages.isEmpty {
                try db.execute(sql: "DELETE FROM vimeo_video WHERE id NOT IN (SELECT video_id FROM vimeo_list_entry)")
            }
        }
    }

    private static func write(_ user: VimeoUser, at: Double, _ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO vimeo_user (slot, id, name, link, location, bio, pictures, websites, metadata, fetched_at)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [user.id, user.name, user.link, user.location, user.bio, user.pictures.jsonTree.jsonText,
                             JSONTree.array(user.websites).jsonText, user.metadata.raw.jsonText, at])
    }

    private static func write(_ albums: [VimeoAlbum], whitelist: String, at: Double, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM vimeo_album")
        for (position, album) in albums.enumerated() {
            try db.execute(sql: """
                INSERT OR REPLACE INTO vimeo_album (id, position, uri, name, description, created_time, pictures, metadata,
                                                   videos_link, video_count, fetched_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [album.id, position, album.uri, album.name, album.description,
                                 album.createdTime?.timeIntervalSince1970, album.pictures.jsonTree.jsonText,
                                 album.metadata.raw.jsonText, album.videosLink, album.videoCount, at])
        }
        try db.execute(sql: "INSERT OR REPLACE INTO vimeo_state (key, value) VALUES ('albums.whitelist', ?), ('albums.fetched_at', ?)",
                       arguments: [whitelist, String(at)])
        // Video lists of albums no longer shown go (their videos with them, when no other list holds them).
        let kept = albums.map { VideoListID.album($0.id).storeName }
        let placeholders = kept.isEmpty ? "''" : Array(repeating: "?", count: kept.count).joined(separator: ",")
        try db.execute(sql: "DELETE FROM vimeo_list_entry WHERE list LIKE 'album:%' AND list NOT IN (\(placeholders))",
                       arguments: StatementArguments(kept))
        try db.execute(sql: "DELETE FROM vimeo_list_page WHERE list LIKE 'album:%' AND list NOT IN (\(placeholders))",
                       arguments: StatementArguments(kept))
        try db.execute(sql: "DELETE FROM vimeo_video WHERE id NOT IN (SELECT video_id FROM vimeo_list_entry)")
    }

    private static func write(_ page: VideoPage, at: Double, _ db: Database) throws {
        let list = page.list.storeName
        if page.page == 1 {
            try db.execute(sql: "DELETE FROM vimeo_list_entry WHERE list = ?", arguments: [list])
            try db.execute(sql: "DELETE FROM vimeo_list_page WHERE list = ?", arguments: [list])
        } else {
            try db.execute(sql: "DELETE FROM vimeo_list_entry WHERE list = ? AND page = ?", arguments: [list, page.page])
        }
        try db.execute(sql: """
            INSERT OR REPLACE INTO vimeo_list_page (list, page, per_page, total, has_more, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [list, page.page, page.perPage, page.total, page.hasMore, at])
        for (position, video) in page.videos.enumerated() {
            try db.execute(sql: """
                INSERT OR REPLACE INTO vimeo_video (id, uri, name, description, duration, width, height, created_time, link,
                                                   pictures, tags, metadata, files, status, fetched_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [video.id, video.uri, video.name, video.description, video.duration, video.width, video.height,
                                 video.createdTime?.timeIntervalSince1970, video.link, video.pictures.jsonTree.jsonText,
                                 JSONTree.array(video.tags.map(JSONTree.string)).jsonText, video.metadata.raw.jsonText,
                                 JSONTree.array(video.files.map(\.raw)).jsonText, video.status, at])
            try db.execute(sql: "INSERT INTO vimeo_list_entry (list, page, position, video_id) VALUES (?, ?, ?, ?)",
                           arguments: [list, page.page, position, video.id])
        }
    }

    // MARK: Rows

    private static func state(_ db: Database) throws -> [String: String] {
        var state: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM vimeo_state") {
            if let key: String = row["key"], let value: String = row["value"] { state[key] = value }
        }
        return state
    }

    private static func album(from row: Row) -> VimeoAlbum {
        VimeoAlbum(id: row["id"] ?? "", uri: row["uri"], name: row["name"] ?? "", description: row["description"],
                   createdTime: date(row["created_time"]), pictures: VimeoPictures(jsonTree: tree(row["pictures"])),
                   metadata: VimeoMetadata(raw: tree(row["metadata"])))
    }

    private static func video(from row: Row) -> VimeoVideo {
        var tags: [String] = []
        if case .array(let items) = tree(row["tags"]) { tags = items.compactMap(\.text) }
        var files: [VimeoFile] = []
        if case .array(let items) = tree(row["files"]) { files = items.map(VimeoFile.init(raw:)) }
        return VimeoVideo(id: row["id"] ?? "", uri: row["uri"], name: row["name"] ?? "", description: row["description"],
                          duration: row["duration"], width: row["width"], height: row["height"],
                          createdTime: date(row["created_time"]), link: row["link"],
                          pictures: VimeoPictures(jsonTree: tree(row["pictures"])), tags: tags,
                          metadata: VimeoMetadata(raw: tree(row["metadata"])), files: files, status: row["status"])
    }

    private static func tree(_ text: String?) -> JSONTree {
        text.flatMap { try? JSONTree.parse($0) } ?? .null
    }

    private static func date(_ seconds: Double?) -> Date? {
        seconds.map { Date(timeIntervalSince1970: $0) }
    }
}
