extension VideoScreen {
    /// The longest time ``clock(_:)`` shows, in seconds (99999 hours); longer times show as this, so a
    /// garbage duration from the network cannot overflow the conversion to whole seconds. Ours.
    public static let clockLimit = 99_999.0 * 3600

    /// Seconds as the bar shows them: `m:ss` under an hour ("0:05", "1:01"), `h:mm:ss` from an hour on
    /// ("1:02:03"). Whole seconds, rounded down (59.9 s is "0:59": a second is shown once it has fully
    /// elapsed; ours); negative, NaN and infinite times are "0:00".
    public static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        let whole = Int(min(seconds, clockLimit).rounded(.down))
        let hours = whole / 3600, minutes = whole / 60 % 60, secs = whole % 60
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }

    /// The bar's time text: "elapsed / total", the elapsed time alone when the length is unknown, "LIVE" live.
    static func timeText(position: Double, playback: Playback) -> String {
        if playback.isLive { return "LIVE" }
        guard let duration = playback.seekableDuration else { return clock(position) }
        return "\(clock(position)) / \(clock(duration))"
    }
}
