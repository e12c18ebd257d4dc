import Foundation

/// The faults that shape one response, chosen when its request has been received.
struct ResponseFaults: Sendable, Equatable {
    /// Total delay before responding, already capped.
    var delaySeconds: Double = 0
    /// Status to answer instead of the file.
    var statusOverride: StatusOverride?
    var ignoreRange = false
    var wrongContentRange = false
    /// Slowest matching throttle rate, if any.
    var throttleBytesPerSecond: Int?
    /// Wait for ``StreamServer/releaseHeld(_:matching:)`` before responding.
    var hold = false
}

/// A status answered instead of the file (``Fault/status(code:times:retryAfter:)``,
/// ``Fault/statusRetryAfterDate(code:times:secondsAhead:)``).
struct StatusOverride: Sendable, Equatable {
    /// What `Retry-After` says, if anything.
    enum RetryAfter: Sendable, Equatable {
        /// This text, as given.
        case text(String)
        /// An HTTP-date this many seconds after the answer, written when answering.
        case dateAhead(seconds: Int)
    }

    var code: Int
    var retryAfter: RetryAfter?

    /// The `Retry-After` value to send when answering at `now`, if any.
    func retryAfterValue(now: Date) -> String? {
        switch retryAfter {
        case nil: return nil
        case .text(let text): return text
        case .dateAhead(let seconds):
            let date = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + Double(seconds)).rounded(.down))
            return Self.imfFixdate.string(from: date)
        }
    }

    /// IMF-fixdate (RFC 9110 §5.6.7), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    private static var imfFixdate: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}

/// Faults that cut a response body short; chosen only when a body is about to be sent.
enum BodyFault: Sendable, Equatable {
    case shortBody
    case resetMidBody
    case stallAfterHeaders
}
