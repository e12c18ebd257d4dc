/// Decides, from each loaded snapshot of a live media playlist, which segments are new and must be
/// recorded, in media-sequence order, each once (RFC 8216 §6.3.5: segments are identified by their media
/// sequence numbers), and which were missed.
///
/// - First snapshot: start at ``LiveRecordingOptions/StartPosition`` (RFC 8216 §6.3.3 for the live edge), or at
///   the first segment when the playlist already has `EXT-X-ENDLIST`.
/// - Later snapshots: every segment whose sequence number is above the last one queued is new. If the first
///   of them is further on than the next expected number, the window slid past the ones between: a gap
///   (``LiveGap/Reason/windowSlid``), reported, never hidden.
/// - A snapshot whose newest segment is older than the oldest of the previous snapshot means the sequence
///   restarted (an encoder restart): ``LiveGap/Reason/sequenceRestarted``, then recording resumes from the new
///   live edge.
/// - A segment is marked as a discontinuity when it carries `EXT-X-DISCONTINUITY`, when its discontinuity
///   sequence (§4.3.3.3) differs from the previous queued segment's, or when a gap precedes it.
/// - With a duration limit, segments are queued only while the planned duration (queued segments that did
///   not fail) is below it (less ``durationTolerance``).
///
/// A pure value: events in (``accept(_:)``, ``segmentFailed(duration:)``), entries out.
struct LiveSegmentTracker: Sendable, Equatable {
    /// What to record next, in order.
    enum Entry: Sendable, Equatable {
        /// A segment to fetch and append; `discontinuity` as described above.
        case segment(MediaSegment, discontinuity: Bool)
        /// Sequence numbers that will not be recorded.
        case gap(LiveGap)
    }

    let start: LiveRecordingOptions.StartPosition
    let durationLimit: Double?
    /// Sequence number of the newest segment queued.
    private(set) var lastQueued: Int?
    private var lastDiscontinuitySequence: Int?
    private var previousOldest: Int?
    /// Seconds queued and not failed.
    private(set) var plannedDuration: Double = 0
    /// Whether a loaded snapshot had `EXT-X-ENDLIST`.
    private(set) var ended = false
    private var pendingDiscontinuity = false

    init(start: LiveRecordingOptions.StartPosition, durationLimit: Double?) {
        self.start = start
        self.durationLimit = durationLimit
    }

    /// Whether the duration limit is planned in full. Writers round `EXTINF` values (ffmpeg's 0.992644 s for a
    /// 1 s segment), so a total at most ``durationTolerance`` short counts as reached: four such segments are
    /// "4 s", not a reason to record a fifth.
    var limitReached: Bool {
        guard let durationLimit else { return false }
        return plannedDuration >= durationLimit - Self.durationTolerance
    }

    /// How far short of the duration limit still counts as reached, in seconds.
    static let durationTolerance = 0.05

    /// The entries a snapshot adds.
    mutating func accept(_ playlist: MediaPlaylist) -> [Entry] {
        ended = ended || playlist.hasEndList
        let segments = playlist.segments
        guard let newest = segments.last?.sequenceNumber, let oldest = segments.first?.sequenceNumber else { return [] }
        var entries: [Entry] = []
        var startIndex: Int
        if let lastQueued {
            if let previousOldest, newest < previousOldest {
                // Restarted: nothing of the new window was seen before.
                let gap = LiveGap(sequences: nil, reason: .sequenceRestarted, estimatedDuration: 0)
                entries.append(.gap(gap))
                pendingDiscontinuity = true
                startIndex = playlist.hasEndList ? 0 : Self.liveEdgeIndex(playlist, start: start)
            } else {
                guard let firstNew = segments.firstIndex(where: { $0.sequenceNumber > lastQueued }) else {
                    previousOldest = oldest
                    return []
                }
                startIndex = firstNew
                let expected = lastQueued + 1
                let found = segments[firstNew].sequenceNumber
                if found > expected, !limitReached {
                    let missed = found - expected
                    entries.append(.gap(LiveGap(sequences: expected ... found - 1, reason: .windowSlid,
                                                estimatedDuration: Double(missed) * Double(playlist.targetDuration))))
                    pendingDiscontinuity = true
                }
            }
        } else {
            startIndex = playlist.hasEndList ? 0 : Self.liveEdgeIndex(playlist, start: start)
        }
        previousOldest = oldest
        for segment in segments[startIndex...] {
            if limitReached { break }
            let discontinuity = pendingDiscontinuity || segment.discontinuity
                || (lastDiscontinuitySequence.map { $0 != segment.discontinuitySequence } ?? false)
            entries.append(.segment(segment, discontinuity: discontinuity))
            pendingDiscontinuity = false
            lastQueued = segment.sequenceNumber
            lastDiscontinuitySequence = segment.discontinuitySequence
            plannedDuration += segment.duration
        }
        if lastQueued == nil, let last = segments.last {
            // Nothing queued (a zero limit): later snapshots continue after this one.
            lastQueued = last.sequenceNumber
        }
        return entries
    }

    /// A queued segment failed: its seconds no longer count towards the limit, and the next one recorded
    /// follows a gap.
    mutating func segmentFailed(duration: Double) {
        plannedDuration = max(0, plannedDuration - duration)
        pendingDiscontinuity = true
    }

    /// RFC 8216 §6.3.3: "the client SHOULD NOT choose a segment that starts less than three target durations
    /// from the end of the Playlist file". The latest segment starting at least that far from the end; the
    /// first when the whole playlist is shorter; the first for ``LiveRecordingOptions/StartPosition/oldest``.
    static func liveEdgeIndex(_ playlist: MediaPlaylist, start: LiveRecordingOptions.StartPosition) -> Int {
        guard start == .liveEdge else { return 0 }
        let minimum = 3 * Double(playlist.targetDuration)
        var fromEnd = 0.0
        for index in playlist.segments.indices.reversed() {
            fromEnd += playlist.segments[index].duration
            if fromEnd >= minimum { return index }
        }
        return 0
    }
}
