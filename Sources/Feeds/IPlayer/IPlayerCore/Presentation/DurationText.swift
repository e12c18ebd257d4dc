/// A programme length in words, for feeds that give only the ISO 8601 value: `59 mins`, `1 hr 14 mins`,
/// `45 secs`. Seconds are dropped from lengths of a minute or more (rounded to the nearest minute), as
/// iBL's own `duration.text` does.
///
/// ```swift
/// DurationText.words(.seconds(3514))   // "59 mins"
/// DurationText.words(.seconds(4443))   // "1 hr 14 mins"
/// ```
public enum DurationText {
    /// `duration` in words.
    public static func words(_ duration: Duration) -> String {
        let seconds = max(0, duration.components.seconds)
        if seconds < 60 {
            return seconds == 1 ? "1 sec" : "\(seconds) secs"
        }
        let minutes = Int((Double(seconds) / 60).rounded())
        let hours = minutes / 60
        let rest = minutes % 60
        let minuteText = rest == 1 ? "1 min" : "\(rest) mins"
        guard hours > 0 else { return minuteText }
        let hourText = hours == 1 ? "1 hr" : "\(hours) hrs"
        return rest == 0 ? hourText : "\(hourText) \(minuteText)"
    }
}
