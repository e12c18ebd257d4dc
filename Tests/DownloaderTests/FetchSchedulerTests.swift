import Testing
@testable import Downloader
import TestSupport

@Suite struct FetchSchedulerTests {
    @Test func stalledFirstSegmentHoldsBackNewStartsAfterTwoWaiting() {
        var scheduler = SegmentScheduler(segmentCount: 10, concurrency: 2)
        #expect(scheduler.startNext() == 0)
        #expect(scheduler.startNext() == 1)
        #expect(scheduler.startNext() == nil)       // two in flight
        scheduler.finished(1)                       // 0 stalls, 1 waits
        #expect(scheduler.nextWritable() == nil)
        #expect(scheduler.startNext() == 2)         // in flight {0, 2}, waiting {1}
        #expect(scheduler.startNext() == nil)
        scheduler.finished(2)                       // waiting {1, 2}: no new start while 0 stalls
        #expect(scheduler.startNext() == nil)
        #expect(scheduler.nextWritable() == nil)
        scheduler.finished(0)
        #expect(scheduler.nextWritable() == 0)
        #expect(scheduler.nextWritable() == 1)
        #expect(scheduler.nextWritable() == 2)
        #expect(scheduler.nextWritable() == nil)
        #expect(scheduler.startNext() == 3)
        #expect(scheduler.startNext() == 4)
        #expect(scheduler.startNext() == nil)
    }

    @Test func resumedSchedulerStartsAtTheGivenSegment() {
        var scheduler = SegmentScheduler(segmentCount: 5, concurrency: 2, firstSegment: 3)
        #expect(scheduler.startNext() == 3)
        #expect(scheduler.startNext() == 4)
        #expect(scheduler.startNext() == nil)
        scheduler.finished(4)
        scheduler.finished(3)
        #expect(scheduler.nextWritable() == 3)
        #expect(scheduler.nextWritable() == 4)
        #expect(scheduler.isComplete)
    }

    /// Drives the scheduler the way the pipeline does, with completions in a random order, and checks the
    /// invariants after every step: order of writes, in-flight limit, memory limit, and that the limit of
    /// in-flight requests is used whenever the memory rule allows it.
    @Test(arguments: [1, 2, 3, 4])
    func randomCompletionOrdersKeepInvariants(concurrency: Int) {
        var generator = SplitMix64(seed: UInt64(concurrency) * 7919)
        for round in 0 ..< 200 {
            let count = 1 + round % 37
            var scheduler = SegmentScheduler(segmentCount: count, concurrency: concurrency)
            var written: [Int] = []
            func fill() {
                while scheduler.startNext() != nil {}
                let remaining = scheduler.nextToStart < count
                if remaining {
                    // Blocked only by the in-flight limit or by the memory rule.
                    #expect(scheduler.inFlight.count == concurrency
                        || scheduler.inFlight.count + scheduler.waiting.count > concurrency)
                }
            }
            fill()
            while !scheduler.isComplete {
                let inFlight = scheduler.inFlight.sorted()
                #expect(!inFlight.isEmpty)
                let done = inFlight[Int(generator.next() % UInt64(inFlight.count))]
                scheduler.finished(done)
                #expect(scheduler.inFlight.count <= concurrency)
                #expect(scheduler.inFlight.count + scheduler.waiting.count <= concurrency + 1)
                // What is held lies in the concurrency + 1 segments from the write cursor on: the memory
                // bound is the largest such window of consecutive segments.
                #expect(scheduler.inFlight.union(scheduler.waiting).allSatisfy {
                    $0 >= scheduler.cursor && $0 <= scheduler.cursor + concurrency
                })
                while let index = scheduler.nextWritable() { written.append(index) }
                fill()
            }
            #expect(written == Array(0 ..< count))
        }
    }
}

extension FetchSchedulerTests {
    /// A live recording's queue grows: appended segments start as the rules allow, and completion waits for them.
    @Test func appendedSegmentsStartWhenTheQueueGrows() {
        var scheduler = SegmentScheduler(segmentCount: 0, concurrency: 2)
        #expect(scheduler.isComplete)
        #expect(scheduler.startNext() == nil)
        scheduler.append(3)
        #expect(!scheduler.isComplete)
        #expect(scheduler.startNext() == 0)
        #expect(scheduler.startNext() == 1)
        #expect(scheduler.startNext() == nil)
        scheduler.finished(0)
        #expect(scheduler.nextWritable() == 0)
        #expect(scheduler.startNext() == 2)
        scheduler.finished(1)
        scheduler.finished(2)
        #expect(scheduler.nextWritable() == 1)
        #expect(scheduler.nextWritable() == 2)
        #expect(scheduler.isComplete)
        scheduler.append(1)
        #expect(scheduler.startNext() == 3)
    }
}
