import FeedCore
import Foundation
import GRDB
import Testing
import TestSupport
@testable import FeedKit

/// The SQLite store: a real file that survives reopening, the retrieval log, atomic refresh, app migrations.
@Suite struct FeedStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000.123456)

    /// An app's table, as a later issue would register it.
    static let albums = StoreMigration("test.v1.albums") { db in
        try db.create(table: "test_album") { table in
            table.primaryKey("id", .text)
            table.column("name", .text).notNull()
        }
    }

    static let albumsV2 = StoreMigration("test.v2.album-description") { db in
        try db.alter(table: "test_album") { table in
            table.add(column: "description", .text)
        }
    }

    static func names(_ store: FeedStore) async throws -> [String] {
        try await store.read { db in try String.fetchAll(db, sql: "SELECT name FROM test_album ORDER BY id") }
    }

    static func replaceAlbums(_ store: FeedStore, _ names: [String], at date: Date, failAfter: Int? = nil) async throws {
        try await store.refresh("test.albums", fetchedAt: date, url: "https://me:pw@api.test/me/albums?token=x") { db in
            try db.execute(sql: "DELETE FROM test_album")
            for (index, name) in names.enumerated() {
                if let failAfter, index == failAfter {
                    throw FeedError(service: "Test", url: nil, kind: .pagingLoop(page: "page 2"))
                }
                try db.execute(sql: "INSERT INTO test_album (id, name) VALUES (?, ?)", arguments: ["\(index)", name])
            }
        }
    }

    @Test func aRealFileKeepsDataAndRetrievalDatesAcrossReopening() async throws {
        let path = try makeTemporaryDirectory("FeedKitTests").appendingPathComponent("nested/dir/store.sqlite").path
        do {
            let store = try FeedStore(path: path, migrations: [Self.albums])
            #expect(try await store.lastRetrieval(of: "test.albums") == nil)
            try await Self.replaceAlbums(store, ["Jazz", "Dance"], at: Self.t0)
        }
        #expect(FileManager.default.fileExists(atPath: path))
        let reopened = try FeedStore(path: path, migrations: [Self.albums, Self.albumsV2])
        #expect(try await Self.names(reopened) == ["Jazz", "Dance"])
        let retrieval = try #require(try await reopened.lastRetrieval(of: "test.albums"))
        // Stored as seconds since 1970: the date reads back exactly, so freshness is judged on the same value.
        #expect(retrieval.fetchedAt == Self.t0)
        #expect(retrieval.url == "https://***@api.test/me/albums?token=***")
        #expect(try await reopened.appliedMigrations() == ["feedkit.v1.retrieval", "test.v1.albums", "test.v2.album-description"])
        // The new column exists.
        try await reopened.write { db in
            try db.execute(sql: "UPDATE test_album SET description = 'd'")
        }
    }

    @Test func everyRetrievalIsLoggedPerResourceWithOneGlobalLatestDate() async throws {
        let store = try FeedStore.inMemory(migrations: [Self.albums])
        try await store.recordRetrieval("vimeo.me", fetchedAt: Self.t0)
        try await store.recordRetrieval("vimeo.albums", fetchedAt: Self.t0 + 60)
        try await store.recordRetrieval("vimeo.me", fetchedAt: Self.t0 + 120)
        #expect(try await store.retrievals().map(\.resource) == ["vimeo.albums", "vimeo.me"])
        #expect(try await store.lastRetrieval(of: "vimeo.me")?.fetchedAt == Self.t0 + 120)
        #expect(try await store.retrievalCount(of: "vimeo.me") == 2)
        #expect(try await store.retrievalCount(of: "nothing") == 0)
        #expect(try await store.latestRetrieval()?.resource == "vimeo.me")
        // Freshness is judged from the logged date and a `now` passed in.
        let policy = FreshnessPolicy(ttl: FreshnessPolicy.twoHours)
        let albums = try #require(try await store.lastRetrieval(of: "vimeo.albums"))
        #expect(albums.freshness(under: policy, now: Self.t0 + 60 + 119 * 60) == .fresh)
        #expect(albums.freshness(under: policy, now: Self.t0 + 60 + 121 * 60) == .stale)
    }

    @Test func aFailedRefreshLeavesThePreviousCompleteSetAndDate() async throws {
        let store = try FeedStore.inMemory(migrations: [Self.albums])
        try await Self.replaceAlbums(store, ["A", "B", "C"], at: Self.t0)
        do {
            try await Self.replaceAlbums(store, ["X", "Y", "Z"], at: Self.t0 + 3600, failAfter: 2)
            Issue.record("the refresh should have failed")
        } catch let error as FeedError {
            #expect(error.kind == .pagingLoop(page: "page 2"))
        }
        #expect(try await Self.names(store) == ["A", "B", "C"])
        #expect(try await store.lastRetrieval(of: "test.albums")?.fetchedAt == Self.t0)
        #expect(try await store.retrievalCount(of: "test.albums") == 1)
        try await Self.replaceAlbums(store, ["X", "Y"], at: Self.t0 + 7200)
        #expect(try await Self.names(store) == ["X", "Y"])
        #expect(try await store.retrievalCount(of: "test.albums") == 2)
    }

    @Test func storeErrorsSayWhatAndWhere() async throws {
        let store = try FeedStore.inMemory()
        do {
            _ = try await store.read { db in try Row.fetchAll(db, sql: "SELECT * FROM missing_table").count }
            Issue.record("read a missing table")
        } catch {
            #expect(error.service == "FeedStore")
            #expect(error.url == ":memory:")
            guard case .store(let reason) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("no such table: missing_table"))
        }
        let directory = try makeTemporaryDirectory("FeedKitTests")
        do {
            _ = try FeedStore(path: directory.path)  // a directory is not a database file
            Issue.record("opened a directory")
        } catch {
            #expect(error.url == directory.path)
        }
        let broken = StoreMigration("test.broken") { db in try db.execute(sql: "CREATE TABLE") }
        #expect(throws: FeedError.self) { try FeedStore.inMemory(migrations: [broken]) }
    }
}
