import GRDB

/// One step of a store's schema, registered by the app that owns the tables (later issues: Vimeo albums
/// and videos, Interlochen's content-meta). Migrations run in order, once each, when the store opens;
/// identifiers must be unique across every app sharing a store, so prefix them (`"vimeo.v1"`).
///
/// ```swift
/// let albums = StoreMigration("vimeo.v1") { db in
///     try db.create(table: "vimeo_album") { t in
///         t.primaryKey("id", .text)
///         t.column("name", .text).notNull()
///     }
/// }
/// let store = try FeedStore(path: path, migrations: [albums])
/// ```
public struct StoreMigration: Sendable {
    /// A unique name, recorded in the database once applied.
    public let identifier: String
    /// The schema change.
    public let migrate: @Sendable (Database) throws -> Void

    /// A migration named `identifier` that runs `migrate` in a transaction.
    public init(_ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void) {
        self.identifier = identifier
        self.migrate = migrate
    }
}
