import Foundation
import VideoCore

/// The pure ABR pieces of VideoCore behind a lock, fed by the feeder (downloads) and the engine (dropped frames,
/// window size): the ``ThroughputMeter`` over overlapping downloads, the ``BandwidthEstimator``, the
/// ``AdaptiveRule``, the ``DroppedFrameMonitor``, the caps, and the variants left aside for failing.
final class ABRController: @unchecked Sendable {
    private let lock = NSLock()
    private var rule = AdaptiveRule()
    private var estimator = BandwidthEstimator()
    private var meter = ThroughputMeter()
    private var monitor = DroppedFrameMonitor()
    private var caps = ABRCaps()
    private var excludedUntil: [Int: Double] = [:]
    private var measured: [Int: (bytes: Int, seconds: Double)] = [:]
    private var recentThroughputs: [Double] = []
    private var decisions: [ABRDecisionRecord] = []
    private var nextRequest = 0

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Sets the app's and window's caps (bandwidth, picture box); the dropped-frame cap is kept.
    func setCaps(maxBandwidth: Double?, maxWidth: Int?, maxHeight: Int?) {
        locked {
            caps.maxBandwidth = maxBandwidth
            caps.maxWidth = maxWidth
            caps.maxHeight = maxHeight
        }
    }

    /// Chooses the variant for the next segment; `fill` completes the context (buffer, sizes …) from the
    /// controller's estimate, caps and exclusions.
    func choose(_ context: ABRContext, now: Double) -> Int? {
        locked {
            var context = context
            context.estimate = estimator.estimate
            context.fastEstimate = estimator.canEstimate ? estimator.fast.estimate : nil
            context.hasMeasurement = estimator.canEstimate
            context.recentThroughputs = recentThroughputs
            var caps = self.caps
            caps.droppedFramesCap = monitor.cap
            context.caps = caps
            context.excluded = Set(excludedUntil.filter { $0.value > now }.map(\.key))
            for variant in context.variants where context.nextSegmentBytes[variant.id] == nil {
                if let m = measured[variant.id], m.seconds > 0 {
                    context.nextSegmentBytes[variant.id] = Int(saturating: Double(m.bytes) / m.seconds * context.segmentDuration)
                }
            }
            let choice = rule.choose(context)
            decisions.append(ABRDecisionRecord(time: now, variant: choice, bufferSeconds: context.bufferSeconds,
                                               estimate: context.estimate, reason: rule.lastNote,
                                               excluded: context.excluded))
            if decisions.count > 512 { decisions.removeFirst(decisions.count - 512) }
            return choice
        }
    }

    /// Whether the download of `download` should be abandoned for a lower variant (``AbandonRule``).
    func abandonment(_ download: AbandonRule.Download, context: ABRContext, now: Double) -> Int? {
        locked {
            var context = context
            context.estimate = estimator.estimate
            var caps = self.caps
            caps.droppedFramesCap = monitor.cap
            context.caps = caps
            context.excluded = Set(excludedUntil.filter { $0.value > now }.map(\.key))
            return AbandonRule.check(download, context: context)
        }
    }

    /// A new request id for the meter.
    func newRequest() -> Int { locked { nextRequest += 1; return nextRequest } }
    /// A download started.
    func begin(_ id: Int, at time: Double) { locked { meter.begin(id, at: time) } }
    /// Bytes of a download arrived.
    func received(_ id: Int, bytes: Int, at time: Double) { locked { meter.received(id, bytes: bytes, at: time) } }
    /// A download finished: its window's sample feeds the estimator.
    func end(_ id: Int, at time: Double) {
        locked {
            if let sample = meter.end(id, at: time) {
                estimator.add(sample)
                recentThroughputs = ABRContext.appending(sample.bitsPerSecond, to: recentThroughputs)
            }
        }
    }
    /// A download was abandoned or failed.
    func cancel(_ id: Int, at time: Double) { locked { meter.cancel(id, at: time) } }

    /// Leaves `variant` aside until `until` (seconds on the feeder's clock; `.infinity`: for good).
    func exclude(_ variant: Int, until: Double) { locked { excludedUntil[variant] = until } }

    /// Variants left aside at `now`.
    func excluded(at now: Double) -> Set<Int> { locked { Set(excludedUntil.filter { $0.value > now }.map(\.key)) } }

    /// Records a segment's real size, so later choices use the variant's measured bit rate.
    func recordSegment(variant: Int, bytes: Int, seconds: Double) {
        locked {
            var m = measured[variant] ?? (0, 0)
            m.bytes += bytes
            m.seconds += seconds
            measured[variant] = m
        }
    }

    /// Feeds the dropped-frame monitor with the running totals.
    func frames(now: Double, decoded: Int, dropped: Int, playing: Int?, variants: [ABRVariant]) {
        locked { _ = monitor.update(now: now, decoded: decoded, dropped: dropped, playing: playing, variants: variants) }
    }

    /// The current estimate, bits per second.
    var estimate: Double { locked { estimator.estimate } }

    /// The decisions so far (the last 512), oldest first.
    var history: [ABRDecisionRecord] { locked { decisions } }
}
