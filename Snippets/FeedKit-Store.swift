// docs/FeedKit.md, "The store: FeedStore": a migration, an atomic refresh, the retrieval log.
import FeedKit
import Foundation
import GRDB

// snippet.hide
struct Album: Sendable { var uri: String }

func store(now: Date, url: String, allPages: [Album]) async throws {
// snippet.show
let store = try FeedStore(path: "~/.cache/circleplayer/vimeo.sqlite", migrations: [
    StoreMigration("vimeo.v1") { db in try db.create(table: "vimeo_album") { t in t.column("uri", .text) } },
])
try await store.refresh("vimeo.albums", fetchedAt: now, url: url) { db in   // one transaction
    try db.execute(sql: "DELETE FROM vimeo_album")
    for album in allPages { try db.execute(sql: "INSERT INTO vimeo_album (uri) VALUES (?)", arguments: [album.uri]) }
}
let last = try await store.lastRetrieval(of: "vimeo.albums")                // Retrieval(resource, fetchedAt, url)
let global = try await store.latestRetrieval()                              // the one global date
// snippet.hide
_ = (last, global)
}
// snippet.show
