import ArgumentParser
import FeedCore
import Foundation

/// A `--now` value: an ISO 8601 date-time (the clock freshness and time left are judged by).
struct NowOption: ExpressibleByArgument, Sendable {
    var date: Date

    init?(argument: String) {
        guard let date = try? FeedCore.ISO8601Timestamp.parse(argument) else { return nil }
        self.date = date
    }
}
