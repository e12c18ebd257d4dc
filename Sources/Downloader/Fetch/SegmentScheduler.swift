/// Decides when to start fetching each segment and when finished segments may be appended, so that
/// segments reach the file in playlist order while memory stays bounded.
///
/// Rules (with `c` = concurrency):
/// - at most `c` segments are in flight;
/// - a new segment starts only while `inFlight + waiting ≤ c`, where `waiting` counts finished segments
///   that cannot be written yet because an earlier one is still in flight. So at most `c + 1` segments
///   are held in memory at any time, however long the stream and however long one segment stalls
///   (for `c = 2`: no new start while two segments after the write cursor are finished and waiting);
/// - otherwise, as many segments as allowed are kept in flight.
///
/// Every segment held (in flight or waiting) lies in `cursor ... cursor + c`, because all segments between
/// the cursor and the next to start are held and a start needs `inFlight + waiting ≤ c`. So the most bytes
/// held at once is the largest sum of `c + 1` consecutive segments, at most `c + 1` times the largest
/// segment (a stream's first segments are not special: a later, larger run sets the bound).
///
/// A live recording appends segments as its playlist grows (``append(_:)``).
///
/// A pure value: the download pipeline reports events and asks what to do next.
///
/// ```swift
/// var scheduler = SegmentScheduler(segmentCount: 4, concurrency: 2)
/// scheduler.startNext()       // 0
/// scheduler.startNext()       // 1
/// scheduler.startNext()       // nil: two in flight
/// scheduler.finished(1)       // 1 waits for 0
/// scheduler.nextWritable()    // nil
/// ```
struct SegmentScheduler: Sendable, Equatable {
    /// Number of segments known (for a live recording, queued so far).
    private(set) var segmentCount: Int
    /// Most segments in flight.
    let concurrency: Int
    /// Next segment to start.
    private(set) var nextToStart: Int
    /// Next segment to append to the file.
    private(set) var cursor: Int
    /// Segments being fetched.
    private(set) var inFlight: Set<Int> = []
    /// Finished segments after the cursor, waiting for their predecessors.
    private(set) var waiting: Set<Int> = []

    /// Creates a scheduler; `firstSegment` is where a resumed download continues.
    init(segmentCount: Int, concurrency: Int, firstSegment: Int = 0) {
        self.segmentCount = segmentCount
        self.concurrency = max(1, concurrency)
        nextToStart = min(max(firstSegment, 0), segmentCount)
        cursor = nextToStart
    }

    /// Makes `count` more segments known (a live playlist grew).
    mutating func append(_ count: Int) {
        segmentCount += max(0, count)
    }

    /// Whether every segment has been handed out by ``nextWritable()``.
    var isComplete: Bool { cursor == segmentCount }

    /// Whether a new segment may start now.
    var canStart: Bool {
        nextToStart < segmentCount && inFlight.count < concurrency && inFlight.count + waiting.count <= concurrency
    }

    /// The next segment to fetch, marking it in flight, or `nil` when none may start now.
    mutating func startNext() -> Int? {
        guard canStart else { return nil }
        let index = nextToStart
        nextToStart += 1
        inFlight.insert(index)
        return index
    }

    /// Records that segment `index` finished downloading.
    mutating func finished(_ index: Int) {
        guard inFlight.remove(index) != nil else { return }
        waiting.insert(index)
    }

    /// The next segment to append, if it has finished; advances the cursor.
    mutating func nextWritable() -> Int? {
        guard waiting.remove(cursor) != nil else { return nil }
        let index = cursor
        cursor += 1
        return index
    }
}
