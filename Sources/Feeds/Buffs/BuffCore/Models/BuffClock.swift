/// Formatting of engine times (``Duration`` since the start of a run), exact to the millisecond.
public enum BuffClock {
    /// Whole milliseconds in `duration`, rounded towards zero.
    public static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// `duration` as seconds with three decimals: `30.000`, `4.200`.
    public static func text3(_ duration: Duration) -> String {
        let ms = milliseconds(duration)
        let sign = ms < 0 ? "-" : ""
        let magnitude = ms.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// `duration` as seconds, without a fraction when whole: `30`, `4.2`.
    public static func text(_ duration: Duration) -> String {
        var text = text3(duration)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `seconds` without a fraction when whole.
    public static func text(seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }

    /// `seconds` as a Duration rounded to the millisecond.
    public static func duration(seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// The whole number a countdown shows when `remaining` is left: the remaining time rounded up
    /// (10 at the start of a 10 s buff, 9 from 1 s later, … 1 in its last second).
    public static func wholeSecondsShown(_ remaining: Duration) -> Int {
        let ms = milliseconds(remaining)
        guard ms > 0 else { return 0 }
        return Int((ms + 999) / 1000)
    }
}
