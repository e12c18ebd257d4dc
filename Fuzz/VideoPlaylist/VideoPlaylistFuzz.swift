import Foundation

// Fuzz target `videoplaylist` (issue 28): the video engine's arithmetic on a parsed playlist, headless and without
// the network, the way HLSFeeder, HLSStream and the ABR use it. Compiled from Downloader/Playlist, VideoCore and
// VideoPlayback's SegmentPlan (scripts/fuzz.sh). Before issue 28, playlists any web server could serve stopped the
// player here with a Swift trap: `#EXTINF:1000000000000000000000,` (Double to Int64), `#EXT-X-MEDIA-SEQUENCE:
// 9223372036854775805` and three segments (overflow), a ladder of very short segments (Double to Int).
//
// Input: byte 0 the number of segments a simulated live reload slides by (bits 0-2) and which ABR rule runs
// (bits 3-4); bytes 1-2 a knob (little-endian) for times, buffers and estimates; the rest is the playlist.
//
// Invariants: nothing traps; a media playlist the parser accepts has durations and a target within
// PlaylistParser.maximumDuration and sequence numbers within maximumSequenceNumber; segment starts are finite and
// never decrease; a segment keeps its start across a live reload (RFC 8216 §6.3.5); the jobs the feeder's cursor
// walks have the sequence numbers it asked for; seeks land inside the time line; the ABR and the abandonment rule
// answer with a listed variant or nothing; a seek gate cuts no more samples than a block has.

private let baseURL = URL(string: "http://127.0.0.1:8080/video/index.m3u8")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = FuzzReader(fuzzBytes(data, size))
    let control = reader.byte()
    let knob = Double(reader.uint16())
    guard let playlist = try? PlaylistParser.parse(Data(reader.rest), url: baseURL) else { return 0 }
    switch playlist {
    case .media(let media): exercise(media, slide: Int(control & 0x07), rule: Int(control >> 3) & 0x03, knob: knob)
    case .master(let master): exercise(master, rule: Int(control >> 3) & 0x03, knob: knob)
    }
    return 0
}

/// Times worth asking about on a time line from `start` to `end`.
private func probes(start: Double, end: Double, knob: Double) -> [Double] {
    [-1, 0, start, knob, knob / 100, (start + end) / 2, end - 1e-3, end, end + 1, 1e300, -1e300, .infinity, -.infinity, .nan]
}

private func exercise(_ media: MediaPlaylist, slide: Int, rule: Int, knob: Double) {
    // What the parser promises (the engine relies on it).
    fuzzRequire(Double(media.targetDuration) <= PlaylistParser.maximumDuration, "target duration \(media.targetDuration) over the limit")
    fuzzRequire(media.mediaSequence <= PlaylistParser.maximumSequenceNumber, "media sequence \(media.mediaSequence) over the limit")
    for segment in media.segments {
        fuzzRequire(segment.duration.isFinite && segment.duration >= 0 && segment.duration <= PlaylistParser.maximumDuration,
                    "segment duration \(segment.duration)")
    }

    // VOD: starts are the sums of the durations before (RFC 8216 §3).
    let plan = SegmentPlan(playlist: media)
    checkStarts(plan.starts, count: media.segments.count, what: "VOD plan")
    let timeline = plan.timeline
    fuzzRequire(timeline.end.isFinite && timeline.end >= timeline.start, "time line end \(timeline.end) before start \(timeline.start)")
    for time in probes(start: timeline.start, end: timeline.end, knob: knob) {
        if let index = timeline.segment(containing: time) {
            fuzzRequire(media.segments.indices.contains(index), "segment(containing: \(time)) = \(index) of \(media.segments.count)")
        }
        let seek = timeline.clampedSeek(time, frameDuration: 1.0 / 30)
        fuzzRequire(seek >= timeline.start && seek <= max(timeline.start, timeline.end), "seek to \(time) landed at \(seek)")
        if let job = plan.job(containing: time, variantID: 0) {
            fuzzRequire(media.segments.indices.contains(job.index) && job.end.isFinite, "job for \(time): \(job.index)")
            checkPlayback(job, knob: knob)
        }
    }

    // Live: the feeder's start (RFC 8216 §6.3.3), its cursor walk, and a reload that slid by `slide` segments.
    var live = LiveTimeline()
    let first = SegmentPlan(playlist: media, live: &live)
    checkStarts(first.starts, count: media.segments.count, what: "live plan")
    let target = Double(first.playlist.targetDuration)
    let liveTimeline = first.timeline
    let startIndex = liveTimeline.segment(containing: liveTimeline.clampedLiveSeek(knob, targetDuration: target))
        ?? liveTimeline.liveStartSegment(targetDuration: target)
    if !media.segments.isEmpty {
        fuzzRequire(media.segments.indices.contains(startIndex), "live start index \(startIndex) of \(media.segments.count)")
    }
    var cursor = media.mediaSequence.saturatingAdding(startIndex)
    for _ in 0 ..< min(media.segments.count + 1, 64) {
        // HLSStream.livePlan: reload only for a sequence the playlist does not list.
        let listed = cursor.saturatingSubtracting(media.mediaSequence) < media.segments.count
        guard let job = first.job(sequence: cursor, variantID: nil) else {
            fuzzRequire(!listed || cursor < media.mediaSequence, "sequence \(cursor) listed but no job")
            break
        }
        fuzzRequire(job.segment.sequenceNumber == cursor, "job for sequence \(cursor) is \(job.segment.sequenceNumber)")
        cursor = cursor.saturatingAdding(1)
    }
    for sequence in [Int.min, -1, media.mediaSequence - 1, Int.max, Int.max - 1] {
        _ = first.job(sequence: sequence, variantID: nil)
        _ = sequence.saturatingSubtracting(media.mediaSequence) >= media.segments.count
    }
    if slide > 0, slide < media.segments.count {
        var reloaded = media
        reloaded.mediaSequence = media.mediaSequence + slide
        reloaded.segments = Array(media.segments.dropFirst(slide))
        let second = SegmentPlan(playlist: reloaded, live: &live)
        checkStarts(second.starts, count: reloaded.segments.count, what: "reloaded live plan")
        // Within what the time line remembers (its last LiveTimeline.capacity sequence numbers).
        let remembered = max(0, first.starts.count - LiveTimeline.capacity)
        for (offset, start) in second.starts.enumerated() where slide + offset < first.starts.count && slide + offset >= remembered {
            let before = first.starts[slide + offset]
            fuzzRequire(start == before || (start.isNaN && before.isNaN), "segment \(reloaded.mediaSequence + offset) moved from \(before) to \(start) on reload")
        }
    }
    var stale = LiveTimeline()
    stale.update(firstSequence: Int.max - 1, durations: media.segments.map(\.duration), targetDuration: target)
    stale.update(firstSequence: Int.min, durations: media.segments.map(\.duration), targetDuration: .infinity)
    stale.update(firstSequence: media.mediaSequence, durations: [knob, -knob, .nan, .infinity], targetDuration: -knob)

    // The ABR over a two-rung ladder at this playlist's segment durations, and the abandonment of a download.
    let bitrate = Double(media.segments.first?.bitrate ?? 1_000_000)
    let ladder = [ABRVariant(id: 0, bandwidth: bitrate / 4), ABRVariant(id: 1, bandwidth: bitrate)]
    for segment in media.segments.prefix(16) {
        let context = ABRContext(now: knob, variants: ladder, current: 1, bufferSeconds: knob / 1000, segmentDuration: segment.duration,
                                 estimate: knob * 100, nextSegmentBytes: segment.byteRange.map { [1: $0.length] } ?? [:],
                                 pendingBits: Double(segment.byteRange?.length ?? 0) * 8,
                                 availableSeconds: timeline.end - knob / 10, isLive: !media.hasEndList)
        checkChoice(context, rule: rule)
        let download = AbandonRule.Download(variantID: 1, segmentDuration: segment.duration, elapsed: knob / 50,
                                            timeToFirstByte: knob / 500, loadedBytes: Int(knob),
                                            expectedBytes: segment.byteRange?.length)
        if let lower = AbandonRule.check(download, context: context) {
            fuzzRequire(ladder.contains { $0.id == lower }, "abandonment chose unlisted variant \(lower)")
        }
    }
}

private func exercise(_ master: MasterPlaylist, rule: Int, knob: Double) {
    let variants = master.variants.enumerated().map { index, variant in
        ABRVariant(id: index, bandwidth: Double(variant.bandwidth), averageBandwidth: variant.averageBandwidth.map(Double.init),
                   width: variant.resolution?.width, height: variant.resolution?.height)
    }
    for variant in variants { _ = variant.description }
    for duration in [0, 1e-300, knob / 1000, 4, PlaylistParser.maximumDuration] {
        var caps = ABRCaps()
        caps.maxWidth = Int(knob)
        caps.maxHeight = Int(knob) / 2
        let context = ABRContext(now: knob, variants: variants, current: variants.first?.id, bufferSeconds: knob / 100,
                                 segmentDuration: duration, estimate: knob * 1000,
                                 nextSegmentBytes: Dictionary(uniqueKeysWithValues: variants.map { ($0.id, Int(saturating: $0.bandwidth)) }),
                                 availableSeconds: knob, caps: caps)
        checkChoice(context, rule: rule)
        _ = ABRLadder.cappedBySize(variants, width: Int(knob), height: Int(knob))
        if let top = variants.max(by: { $0.bandwidth < $1.bandwidth }) {
            let download = AbandonRule.Download(variantID: top.id, segmentDuration: duration, elapsed: knob, loadedBytes: Int(knob))
            if let lower = AbandonRule.check(download, context: context) {
                fuzzRequire(variants.contains { $0.id == lower }, "abandonment chose unlisted variant \(lower)")
            }
        }
    }
}

/// Starts: one per segment, finite, never decreasing.
private func checkStarts(_ starts: [Double], count: Int, what: String) {
    fuzzRequire(starts.count == count, "\(what): \(starts.count) starts for \(count) segments")
    for (index, start) in starts.enumerated() {
        fuzzRequire(start.isFinite, "\(what): start \(index) is \(start)")
        if index > 0 { fuzzRequire(start >= starts[index - 1], "\(what): start \(index) \(start) before \(starts[index - 1])") }
    }
}

/// What the engine does with a segment's place: anchor its timestamps, gate a seek into it.
private func checkPlayback(_ job: SegmentJob, knob: Double) {
    var mapper = TimestampMapper()
    for first in [knob, 1.4, -knob, 9.2e12, 1e300, -1e300] {
        let anchor = mapper.anchor(domain: job.domain, firstTimestamp: first, segmentStart: job.start)
        _ = Int64(saturating: (anchor * 1_000_000).rounded())
    }
    var gate = SeekGate(target: job.start)
    _ = gate.keepVideo(pts: job.start - knob, duration: job.duration)
    for pts in [job.start - knob, -1e300, 1e300, .nan] {
        let cut = gate.audioSamplesToCut(pts: pts, samples: 1024, sampleRate: 48_000)
        fuzzRequire(cut >= 0 && cut <= 1024, "seek gate cut \(cut) of 1024 samples at \(pts)")
    }
}

/// One rule's choice: a listed variant, or nothing only when no variant is a candidate.
private func checkChoice(_ context: ABRContext, rule: Int) {
    let choice: Int?
    switch rule {
    case 0: var r = AdaptiveRule(); choice = r.choose(context)
    case 1: var r = PredictiveRule(); choice = r.choose(context)
    case 2: var r = HlsJsRule(); choice = r.choose(context)
    default: var r = BolaRule(); choice = r.choose(context)
    }
    if let choice { fuzzRequire(context.variants.contains { $0.id == choice }, "rule \(rule) chose unlisted variant \(choice)") }
    _ = ABRLadder.candidates(context)
}
