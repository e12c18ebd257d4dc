/// How the screens and the command line word Vimeo's numbers.
///
/// ```swift
/// VimeoText.duration(205)          // "3:25"
/// VimeoText.duration(3723)         // "1:02:03"
/// VimeoText.bytes(12_345_678)      // "12.3 MB"
/// VimeoText.videoCount(1)          // "1 video"
/// VimeoText.dimensions(1280, 720)  // "1280 × 720"
/// ```
public enum VimeoText {
    /// `m:ss`, or `h:mm:ss` from an hour on; negative durations read as 0.
    public static func duration(_ seconds: Int) -> String {
        let total = max(0, seconds)
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    /// A byte count in decimal units (SI: 1 kB = 1,000 bytes), one decimal below 100: `999 bytes`,
    /// `1.5 kB`, `12.3 MB`, `1.2 GB`.
    public static func bytes(_ count: Int) -> String {
        guard count >= 1000 else { return count == 1 ? "1 byte" : "\(max(0, count)) bytes" }
        let units = ["kB", "MB", "GB", "TB", "PB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let text = value < 99.95 ? String((value * 10).rounded() / 10) : String(Int(value.rounded()))
        return "\(text) \(units[unit])"
    }

    /// `1 video`, `60 videos`.
    public static func videoCount(_ count: Int) -> String {
        count == 1 ? "1 video" : "\(count) videos"
    }

    /// `1280 × 720`.
    public static func dimensions(_ width: Int, _ height: Int) -> String {
        "\(width) × \(height)"
    }
}
