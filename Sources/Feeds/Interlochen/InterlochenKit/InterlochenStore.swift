import FeedCore
import FeedKit
import Foundation
import GRDB
import InterlochenCore

/// The Interlochen app's store (SQLite through ``FeedStore``): the last content-meta.json, and the bodies of
/// the media it points at, each with the date it was fetched, so a later run (or an offline one) starts from
/// them.
///
/// Tables (migration `interlochen.v1`):
/// - `interlochen_content_meta(id = 1, body, fetched_at, url)`: the file as served;
/// - `interlochen_media(reference, page, body, fetched_at)`: one row per page of a piece of media, keyed by
///   ``MediaReference``'s text form (`npr:story/501`, `vimeo:album/3001`, …). NPR and LiveStream bodies are
///   the API's own JSON; an album's body is its videos as ``InterlochenVideo`` JSON.
///
/// Every replacement is one transaction: a reader sees the old set or the new one, never half.
public final class InterlochenStore: Sendable {
    /// The underlying store (its retrieval log holds the global date).
    public let feed: FeedStore

    static let migrations = [
        StoreMigration("interlochen.v1") { db in
            try db.execute(sql: """
                CREATE TABLE interlochen_content_meta (
                    id INTEGER PRIMARY KEY CHECK (id = 1), body BLOB NOT NULL, fetched_at DOUBLE NOT NULL, url TEXT);
                CREATE TABLE interlochen_media (
                    reference TEXT NOT NULL, page INTEGER NOT NULL, body BLOB NOT NULL, fetched_at DOUBLE NOT NULL,
                    PRIMARY KEY (reference, page));
                """)
        },
    ]

    /// The resource key of content-meta.json in the retrieval log.
    public static let contentMetaKey = ResourceKey("interlochen.content-meta")

    /// Opens (creating if needed) the store at `path`.
    public init(path: String) throws(FeedError) {
        feed = try FeedStore(path: path, migrations: Self.migrations)
    }

    /// A store in memory (tests).
    public init(inMemory: Void = ()) throws(FeedError) {
        feed = try FeedStore.inMemory(migrations: Self.migrations)
    }

    /// The stored content-meta.json: its bytes and when it was fetched.
    public func contentMeta() async throws(FeedError) -> (bytes: Data, fetchedAt: Date)? {
        try await feed.read { db in
            try Row.fetchOne(db, sql: "SELECT body, fetched_at FROM interlochen_content_meta WHERE id = 1").map {
                (bytes: $0["body"] as Data, fetchedAt: Date(timeIntervalSince1970: $0["fetched_at"]))
            }
        }
    }

    /// Stores a new content-meta.json fetched at `fetchedAt`, and drops the media it no longer points at, in
    /// one transaction.
    public func replaceContentMeta(_ bytes: Data, fetchedAt: Date, url: String, removing removed: Set<MediaReference>) async throws {
        let removedKeys = removed.map(\.description)
        try await feed.refresh(Self.contentMetaKey, fetchedAt: fetchedAt, url: url) { db in
            try db.execute(sql: """
                INSERT INTO interlochen_content_meta (id, body, fetched_at, url) VALUES (1, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at, url = excluded.url
                """, arguments: [bytes, fetchedAt.timeIntervalSince1970, url])
            for key in removedKeys {
                try db.execute(sql: "DELETE FROM interlochen_media WHERE reference = ?", arguments: [key])
            }
        }
    }

    /// The stored pages of `reference`, in page order, with when page 1 was fetched.
    public func media(_ reference: MediaReference) async throws(FeedError) -> (pages: [Data], fetchedAt: Date)? {
        let key = reference.description
        return try await feed.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT body, fetched_at FROM interlochen_media WHERE reference = ? ORDER BY page
                """, arguments: [key])
            guard let first = rows.first else { return nil }
            return (rows.map { $0["body"] as Data }, Date(timeIntervalSince1970: first["fetched_at"]))
        }
    }

    /// When each stored piece of media was fetched (page 1).
    public func mediaDates() async throws(FeedError) -> [String: Date] {
        try await feed.read { db in
            var dates: [String: Date] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT reference, fetched_at FROM interlochen_media WHERE page = 1") {
                dates[row["reference"]] = Date(timeIntervalSince1970: row["fetched_at"])
            }
            return dates
        }
    }

    /// Replaces every stored page of `reference` by `body` as page 1 (a refresh restarts paging).
    public func replaceMedia(_ reference: MediaReference, body: Data, fetchedAt: Date, url: String?) async throws {
        let key = reference.description
        try await feed.refresh(ResourceKey("interlochen.\(key)"), fetchedAt: fetchedAt, url: url) { db in
            try db.execute(sql: "DELETE FROM interlochen_media WHERE reference = ?", arguments: [key])
            try db.execute(sql: "INSERT INTO interlochen_media (reference, page, body, fetched_at) VALUES (?, 1, ?, ?)",
                           arguments: [key, body, fetchedAt.timeIntervalSince1970])
        }
    }

    /// Stores page `page` (> 1) of `reference` (infinite scrolling), replacing that page if it was stored.
    public func storePage(_ page: Int, of reference: MediaReference, body: Data, fetchedAt: Date) async throws(FeedError) {
        let key = reference.description
        try await feed.write { db in
            try db.execute(sql: """
                INSERT INTO interlochen_media (reference, page, body, fetched_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(reference, page) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                """, arguments: [key, page, body, fetchedAt.timeIntervalSince1970])
        }
    }
}
