import ArgumentParser
import CommandLineSupport
import FeedCore
import FeedKit
import Foundation

/// Options every networked subcommand shares: the request deadline.
struct NetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Most seconds one request may take, redirects included.", valueName: "seconds"))
    var timeout: Double = 15

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds")
        }
    }

    /// The request limits for these options.
    var limits: RequestLimits {
        RequestLimits(timeout: .milliseconds(Int64((timeout * 1000).rounded())))
    }
}

/// A `--now` value: an ISO 8601 date-time (the clock freshness and time left are judged by).
struct NowOption: ExpressibleByArgument, Sendable {
    var date: Date

    init?(argument: String) {
        guard let date = try? FeedCore.ISO8601Timestamp.parse(argument) else { return nil }
        self.date = date
    }
}
