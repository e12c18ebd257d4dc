import Foundation

/// The words the Interlochen screens show for an item: a row's subtitle by type, a details screen's facts and
/// paragraph, and whether the row carries the LIVE mark.
///
/// ```swift
/// InterlochenText.subtitle(.video(InterlochenVideo(id: "1", title: "Overture", duration: 97)))  // "Video · 1:37"
/// ```
public enum InterlochenText {
    /// The row's second line: `Video · 1:37`, `NPR · 12 min` (`NPR · text only` without audio), `Live now`,
    /// a station's tagline, a link's host.
    public static func subtitle(_ item: SectionItem) -> String {
        switch item {
        case .video(let video):
            return video.duration.map { "Video · \(clock($0))" } ?? "Video"
        case .story(let story):
            guard story.isPlayable else { return "NPR · text only" }
            return story.duration.map { "NPR · \(max(1, ($0 + 30) / 60)) min" } ?? "NPR"
        case .cast(let event):
            if event.isLive { return "Live now" }
            return event.inProgress ? "LiveStream · starting soon" : "LiveStream · not live"
        case .relay(let stream):
            return stream.isLive ? "Live now" : "HDRelay · on demand"
        case .station(let station):
            return station.tagline ?? "Radio station"
        case .link(let link):
            return URL(string: link.link)?.host ?? link.link
        }
    }

    /// Whether the row carries the LIVE mark: a live cast (`stream_info.is_live` with a playlist), a live HDRelay
    /// stream (`live: true`).
    public static func isLive(_ item: SectionItem) -> Bool {
        switch item {
        case .cast(let event): event.isLive
        case .relay(let stream): stream.isLive
        default: false
        }
    }

    /// The details screen's facts, one short line each.
    public static func facts(_ item: SectionItem) -> [String] {
        switch item {
        case .video(let video):
            return video.hlsURL == nil ? ["No stream available"] : []
        case .story(let story):
            var facts: [String] = []
            if let duration = story.duration { facts.append("Duration: \(clock(duration))") }
            if let date = story.date { facts.append("Published: \(day(date))") }
            if !story.isPlayable { facts.append("No audio for this story") }
            return facts
        case .cast(let event):
            return [event.isLive ? "Streaming now" : (event.inProgress ? "In progress, not streaming yet" : "Not live")]
        case .relay(let stream):
            return [stream.isLive ? "Streaming now" : "On demand"]
        case .station:
            return ["Live radio"]
        case .link(let link):
            return [link.link]
        }
    }

    /// The details screen's paragraph (a video's description, a story's teaser, a cast's description).
    public static func paragraph(_ item: SectionItem) -> String {
        switch item {
        case .video(let video): video.description ?? ""
        case .story(let story): story.teaser ?? ""
        case .cast(let event): event.description ?? ""
        case .relay(let stream): stream.description ?? ""
        default: ""
        }
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    public static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
        let mm = h > 0 && m < 10 ? "0\(m)" : "\(m)"
        let ss = r < 10 ? "0\(r)" : "\(r)"
        return h > 0 ? "\(h):\(mm):\(ss)" : "\(mm):\(ss)"
    }

    private static func day(_ date: Date) -> String {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        // Civil date from days since 1970-01-01 (H. Hinnant's days_from_civil inverse), UTC.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(y, 4))-\(padded(m, 2))-\(padded(d, 2))"
    }
}
