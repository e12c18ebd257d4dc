import ArgumentParser

/// `--store PATH` and `--offline`: where a feed app keeps its SQLite store, and whether to answer from it
/// alone (as without a network). Shared by `mediakit vimeo`, `mediakit interlochen` and `SDLDemo`.
public struct StoreOptions: ParsableArguments, Sendable {
    /// `--store PATH` (each program says its default).
    @Option(help: ArgumentHelp("The SQLite store (mediakit: $XDG_CACHE_HOME/circleplayer/APP/HOST[_PORT].sqlite; SDLDemo: a file in a temporary directory, removed on exit).", valueName: "path"))
    public var store: String?

    /// `--offline`.
    @Flag(help: "Act as if the network were down: answer from the store only.")
    public var offline = false

    /// No store given, online.
    public init() {}

    /// `--store` names a file.
    public func validate() throws {
        if let store, store.isEmpty { throw ValidationError("--store must name a file") }
    }

    /// Whether either option was given.
    public var isGiven: Bool { store != nil || offline }
}
