import Foundation

/// How long an episode can still be watched, worded from its availability end and `now`, for feeds that
/// send `availability.end` without `remaining.text`: `Available for 29 days`, `Available for 5 hours`,
/// `Available for 12 minutes`, `No longer available`.
///
/// Days and hours are counted down (a programme with 29 days 23 hours left is "29 days"); minutes are
/// counted up, so the last minute still says "1 minute".
///
/// ```swift
/// RemainingTime.words(until: end, now: end - 30 * 86_400)   // "Available for 30 days"
/// ```
public enum RemainingTime {
    /// The time left from `now` to `end`, in words.
    public static func words(until end: Date, now: Date) -> String {
        let left = end.timeIntervalSince(now)
        guard left > 0 else { return "No longer available" }
        let days = Int(left / 86_400)
        if days >= 1 {
            return "Available for \(days == 1 ? "1 day" : "\(days) days")"
        }
        let hours = Int(left / 3600)
        if hours >= 1 {
            return "Available for \(hours == 1 ? "1 hour" : "\(hours) hours")"
        }
        let minutes = Int((left / 60).rounded(.up))
        return "Available for \(minutes == 1 ? "1 minute" : "\(minutes) minutes")"
    }
}
