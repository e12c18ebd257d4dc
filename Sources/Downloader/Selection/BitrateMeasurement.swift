/// Bit rates computed from a media playlist alone (no downloads).
public enum BitrateMeasurement {
    /// Bits per second = 8 × Σ byte-range lengths / Σ `EXTINF` durations, when every segment has an
    /// `EXT-X-BYTERANGE` (RFC 8216 §4.3.2.2) and the total duration is positive; otherwise `nil`.
    /// Initialization sections (`EXT-X-MAP`) are not media and are not counted.
    public static func byteRangeBitrate(of playlist: MediaPlaylist) -> Int? {
        guard !playlist.segments.isEmpty else { return nil }
        var bytes = 0.0
        var seconds = 0.0
        for segment in playlist.segments {
            guard let range = segment.byteRange else { return nil }
            bytes += Double(range.length)
            seconds += segment.duration
        }
        return rate(bytes * 8, over: seconds)
    }

    /// Duration-weighted mean of the `EXT-X-BITRATE` values of the segments that have one
    /// (rfc8216bis §4.4.4.8); the plain mean if those segments have no duration; `nil` if none has one.
    public static func extXBitrate(of playlist: MediaPlaylist) -> Int? {
        let rated = playlist.segments.compactMap { segment in segment.bitrate.map { (Double($0), segment.duration) } }
        guard !rated.isEmpty else { return nil }
        let seconds = rated.reduce(0) { $0 + $1.1 }
        if seconds > 0 {
            return rate(rated.reduce(0) { $0 + $1.0 * $1.1 }, over: seconds)
        }
        return rate(rated.reduce(0) { $0 + $1.0 }, over: Double(rated.count))
    }

    private static func rate(_ amount: Double, over divisor: Double) -> Int? {
        guard divisor > 0 else { return nil }
        let value = (amount / divisor).rounded()
        guard value.isFinite, value < 9e18 else { return nil }
        return Int(exactly: value)
    }
}
