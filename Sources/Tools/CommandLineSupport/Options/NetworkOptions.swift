import ArgumentParser
import FeedKit

/// `--timeout SECONDS`: the deadline of one request, redirects included. Shared by every networked `mediakit`
/// subcommand and by `SDLDemo`'s feed apps (`--app iplayer`, `vimeo`, `interlochen`).
public struct NetworkOptions: ParsableArguments, Sendable {
    /// The deadline when `--timeout` is not given, seconds.
    public static let defaultTimeout = 15.0

    /// `--timeout SECONDS`; nil: ``defaultTimeout``.
    @Option(name: .customLong("timeout"),
            help: ArgumentHelp("Most seconds one request may take, redirects included (default 15).", valueName: "seconds"))
    public var givenTimeout: Double?

    /// No `--timeout`.
    public init() {}

    /// More than 0 and at most an hour.
    public func validate() throws {
        guard let givenTimeout else { return }
        guard givenTimeout.isFinite, givenTimeout > 0, givenTimeout <= 3600 else {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds")
        }
    }

    /// Whether `--timeout` was given.
    public var isGiven: Bool { givenTimeout != nil }

    /// The deadline, seconds.
    public var timeout: Double { givenTimeout ?? Self.defaultTimeout }

    /// The request limits for these options.
    public var limits: RequestLimits {
        RequestLimits(timeout: .milliseconds(Int64((timeout * 1000).rounded())))
    }
}
