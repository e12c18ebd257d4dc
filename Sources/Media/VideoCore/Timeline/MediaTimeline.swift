/// The playlist's time line: where each segment starts, given their durations (RFC 8216 §3: a segment's start is
/// the sum of the `EXTINF` durations before it), and what seeking may reach.
///
/// Position 0 is the start of the first segment of a VOD playlist, whatever the container's timestamps say. For a
/// live playlist the first segment of the first load is 0, and later segments continue from there by media
/// sequence number (``LiveTimeline``).
public struct MediaTimeline: Equatable, Sendable {
    /// Start of each segment, seconds.
    public private(set) var starts: [Double]
    /// Duration of each segment, seconds.
    public private(set) var durations: [Double]

    /// A time line starting at `origin` (0 for VOD) with segments of `durations` (negative ones count as 0).
    public init(durations: [Double], origin: Double = 0) {
        self.durations = durations.map { $0.isFinite ? max(0, $0) : 0 }
        var t = origin
        var starts: [Double] = []
        starts.reserveCapacity(durations.count)
        for d in self.durations {
            starts.append(t)
            t += d
        }
        self.starts = starts
    }

    /// Number of segments.
    public var count: Int { durations.count }
    /// Where the first segment starts.
    public var start: Double { starts.first ?? 0 }
    /// Where the last segment ends.
    public var end: Double { (starts.last ?? 0) + (durations.last ?? 0) }
    /// `end − start`.
    public var duration: Double { end - start }

    /// The segment whose `[start, start + duration)` contains `time` (the first for earlier times, the last for
    /// later ones); nil when there are no segments.
    public func segment(containing time: Double) -> Int? {
        guard !starts.isEmpty else { return nil }
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Where a seek to `time` lands on a VOD time line: clamped into `[start, end − lastFrame]` so that a seek
    /// past the end still shows the last frame (`frameDuration` is one frame; 0 when unknown).
    public func clampedSeek(_ time: Double, frameDuration: Double = 0) -> Double {
        guard time.isFinite else { return start }
        return min(max(time, start), max(start, end - max(0, frameDuration)))
    }

    /// The index of the segment a live player starts with: the last one that starts at least three target
    /// durations before the end of the playlist (RFC 8216 §6.3.3: "the client SHOULD NOT choose a segment that
    /// starts less than three target durations from the end of the Playlist file"); the first if none does.
    public func liveStartSegment(targetDuration: Double) -> Int {
        guard !starts.isEmpty else { return 0 }
        let latest = end - 3 * max(0, targetDuration)
        return starts.lastIndex { $0 <= latest + 1e-9 } ?? 0
    }

    /// Where a seek may land in a live window: not before its first segment, not closer to the end than three
    /// target durations (RFC 8216 §6.3.3).
    public func clampedLiveSeek(_ time: Double, targetDuration: Double) -> Double {
        let latest = max(start, end - 3 * max(0, targetDuration))
        guard time.isFinite else { return latest }
        return min(max(time, start), latest)
    }
}
