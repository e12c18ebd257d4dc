import FeedCore
import Foundation
import GRDB

/// A persistent store for feed data: one SQLite database (GRDB) holding a retrieval log (the date of
/// every resource's last retrieval) and the tables apps register as ``StoreMigration``s.
///
/// - **Retrieval log**: table `feedkit_retrieval`, one row per ``ResourceKey``: when it was last fetched
///   (the caller's `now`, stored as seconds since 1970 so it reads back exactly), from which URL
///   (redacted), and how many times. ``lastRetrieval(of:)`` feeds ``FreshnessPolicy``;
///   ``latestRetrieval()`` is the one global date.
/// - **Atomic refresh**: ``refresh(_:fetchedAt:url:replacing:)`` runs the app's delete-and-insert and
///   the log update in one write transaction. If any statement throws, everything rolls back: a reader
///   sees the old complete set or the new complete set, never half of a refresh. Fetch every page first,
///   then call it with the whole set.
/// - **Persistence**: a file path survives process restarts (WAL is not used, so one file holds
///   everything); ``inMemory(migrations:)`` is for tests of the logic above it.
///
/// ```swift
/// let store = try FeedStore(path: "/tmp/vimeo.sqlite", migrations: [albumsMigration])
/// let decision = FreshnessPolicy(ttl: FreshnessPolicy.twoHours)
///     .decide(storedAt: try await store.lastRetrieval(of: "vimeo.albums")?.fetchedAt, now: now,
///             connectivity: connectivity)
/// try await store.refresh("vimeo.albums", fetchedAt: now, url: url) { db in
///     try db.execute(sql: "DELETE FROM vimeo_album")
///     for album in albums { try db.execute(sql: "INSERT INTO vimeo_album …", arguments: …) }
/// }
/// ```
public final class FeedStore: Sendable {
    /// The database file, or `nil` for an in-memory store.
    public let path: String?
    private let queue: DatabaseQueue

    /// FeedKit's own schema, applied before the apps' migrations.
    static let retrievalMigration = StoreMigration("feedkit.v1.retrieval") { db in
        try db.create(table: "feedkit_retrieval") { table in
            table.primaryKey("resource", .text)
            table.column("fetched_at", .double).notNull()
            table.column("url", .text)
            table.column("count", .integer).notNull().defaults(to: 1)
        }
    }

    /// Opens (creating if needed) the database at `path` and applies FeedKit's schema, then `migrations`
    /// in order (those already applied are skipped).
    ///
    /// Stores hold what the user's tokens and passwords fetched: the file is readable by its owner only (mode
    /// 0600 whatever the umask, and SQLite gives its journal and WAL files the same mode), and the folders made
    /// for it are mode 0700 (``makePrivateFolder(at:environment:)``; docs/security.md, "Secrets").
    /// - Throws: ``FeedError`` with ``FeedError/Kind/store(reason:)``.
    public init(path: String, migrations: [StoreMigration] = []) throws(FeedError) {
        self.path = path
        try Self.makePrivateFolder(at: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        do {
            try Self.ownerOnly(path)
            queue = try DatabaseQueue(path: path)
        } catch {
            throw Self.storeError(error, path: path)
        }
        try migrate(migrations)
    }

    /// Creates the file at `path` with mode 0600 if it does not exist, and takes group and other access from
    /// one that does (a store made before this rule).
    static func ownerOnly(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FeedError(service: "FeedStore", url: path, kind: .store(reason: "cannot create the file: \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw FeedError(service: "FeedStore", url: path, kind: .store(reason: "cannot make the file private: \(String(cString: strerror(errno)))"))
        }
    }

    private init(inMemory queue: DatabaseQueue, migrations: [StoreMigration]) throws(FeedError) {
        path = nil
        self.queue = queue
        try migrate(migrations)
    }

    /// A store in memory, gone when released (tests of the logic above the store).
    public static func inMemory(migrations: [StoreMigration] = []) throws(FeedError) -> FeedStore {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue()
        } catch {
            throw storeError(error, path: nil)
        }
        return try FeedStore(inMemory: queue, migrations: migrations)
    }

    private func migrate(_ migrations: [StoreMigration]) throws(FeedError) {
        var migrator = DatabaseMigrator()
        for migration in [Self.retrievalMigration] + migrations {
            migrator.registerMigration(migration.identifier, migrate: migration.migrate)
        }
        do {
            try migrator.migrate(queue)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// The identifiers of the migrations applied to this database, in order.
    public func appliedMigrations() async throws(FeedError) -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
    }

    // MARK: Retrieval log

    /// The last retrieval of `resource`, or `nil` if it was never fetched.
    public func lastRetrieval(of resource: ResourceKey) async throws(FeedError) -> Retrieval? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT resource, fetched_at, url FROM feedkit_retrieval WHERE resource = ?",
                             arguments: [resource.rawValue]).map(Self.retrieval(from:))
        }
    }

    /// Every resource's last retrieval, ordered by resource.
    public func retrievals() async throws(FeedError) -> [Retrieval] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT resource, fetched_at, url FROM feedkit_retrieval ORDER BY resource")
                .map(Self.retrieval(from:))
        }
    }

    /// The most recent retrieval of any resource: the store's one global date.
    public func latestRetrieval() async throws(FeedError) -> Retrieval? {
        try await read { db in
            try Row.fetchOne(db, sql: """
                SELECT resource, fetched_at, url FROM feedkit_retrieval ORDER BY fetched_at DESC, resource LIMIT 1
                """).map(Self.retrieval(from:))
        }
    }

    /// How many times `resource` was recorded as retrieved.
    public func retrievalCount(of resource: ResourceKey) async throws(FeedError) -> Int {
        try await read { db in
            try Int.fetchOne(db, sql: "SELECT count FROM feedkit_retrieval WHERE resource = ?",
                             arguments: [resource.rawValue]) ?? 0
        }
    }

    /// Records a retrieval of `resource` at `fetchedAt` without changing other data.
    public func recordRetrieval(_ resource: ResourceKey, fetchedAt: Date, url: String? = nil) async throws(FeedError) {
        try await write { db in
            try Self.log(db, resource: resource, fetchedAt: fetchedAt, url: url)
        }
    }

    /// Replaces a resource's data atomically: runs `replace` (the app's deletes and inserts) and records the
    /// retrieval at `fetchedAt` in one transaction. If `replace` throws, nothing changes and the error is
    /// rethrown as a ``FeedError`` (store errors) or as it is (the app's own errors).
    @discardableResult
    public func refresh<T: Sendable>(
        _ resource: ResourceKey, fetchedAt: Date, url: String? = nil,
        replacing replace: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await queue.write { db in
                let result = try replace(db)
                try Self.log(db, resource: resource, fetchedAt: fetchedAt, url: url)
                return result
            }
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: path)
        }
    }

    /// Replaces several resources' data atomically: runs `replace` and records every retrieval of
    /// `retrievals` in one transaction (a refresh that fetched a user, an album list and some pages
    /// together commits all of them, or none). If `replace` throws, nothing changes.
    ///
    /// ```swift
    /// try await store.refresh([Retrieval(resource: "vimeo.me", fetchedAt: now, url: meURL),
    ///                          Retrieval(resource: "vimeo.albums", fetchedAt: now, url: albumsURL)]) { db in … }
    /// ```
    @discardableResult
    public func refresh<T: Sendable>(
        _ retrievals: [Retrieval], replacing replace: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await queue.write { db in
                let result = try replace(db)
                for retrieval in retrievals {
                    try Self.log(db, resource: retrieval.resource, fetchedAt: retrieval.fetchedAt, url: retrieval.url)
                }
                return result
            }
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: path)
        }
    }

    // MARK: Access for apps

    /// Runs `body` in a read transaction (a consistent snapshot).
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(FeedError) -> T {
        do {
            return try await queue.read(body)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Runs `body` in a write transaction: all of it is applied, or none if it throws.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(FeedError) -> T {
        do {
            return try await queue.write(body)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    // MARK: Helpers

    private static func log(_ db: Database, resource: ResourceKey, fetchedAt: Date, url: String?) throws {
        try db.execute(sql: """
            INSERT INTO feedkit_retrieval (resource, fetched_at, url, count) VALUES (?, ?, ?, 1)
            ON CONFLICT(resource) DO UPDATE SET fetched_at = excluded.fetched_at, url = excluded.url,
                                                count = count + 1
            """, arguments: [resource.rawValue, fetchedAt.timeIntervalSince1970, url.map(URLRedaction.redact)])
    }

    private static func retrieval(from row: Row) -> Retrieval {
        Retrieval(resource: ResourceKey(row["resource"] ?? ""),
                  fetchedAt: Date(timeIntervalSince1970: row["fetched_at"] ?? 0), url: row["url"])
    }

    private static func storeError(_ error: any Error, path: String?) -> FeedError {
        let reason: String
        if let database = error as? DatabaseError {
            reason = "SQLite error \(database.resultCode.rawValue): \(database.message ?? "\(database.resultCode)")"
        } else if let feedError = error as? FeedError {
            return feedError
        } else {
            reason = String(describing: error)
        }
        return FeedError(service: "FeedStore", url: path ?? ":memory:", kind: .store(reason: reason))
    }
}
