import Foundation

/// The `Retry-After` response header (RFC 9110 §10.2.3): either `delay-seconds` or an `HTTP-date`.
enum RetryAfter {
    /// The delay the header asks for, relative to `now`; `nil` when the value is malformed.
    /// A date in the past gives zero.
    ///
    /// ```swift
    /// RetryAfter.delay(from: "120", now: .now)                              // 120 s
    /// RetryAfter.delay(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: date)   // date difference
    /// ```
    static func delay(from value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) {
            // delay-seconds = 1*DIGIT; clamp absurdly long values instead of overflowing.
            guard let seconds = Int(trimmed.prefix(9)) else { return nil }
            return .seconds(seconds)
        }
        guard let date = httpDate(trimmed) else { return nil }
        let interval = date.timeIntervalSince(now)
        return .seconds(max(0, interval))
    }

    /// Parses an HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms
    /// that recipients must also accept.
    static func httpDate(_ text: String) -> Date? {
        // asctime pads single-digit days with a space ("Nov  6"); collapse runs of spaces.
        let text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
