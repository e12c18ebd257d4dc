import Testing
import VideoCore

@Suite("Queue bounds")
struct QueuePolicyTests {
    @Test("downloads stop at 30 s or 60 MB ahead or two in flight; the first after a seek always goes")
    func fetching() {
        let policy = QueuePolicy.standard
        #expect(policy.mayFetch(aheadSeconds: 0, bytesHeld: 0, inFlight: 0))
        #expect(policy.mayFetch(aheadSeconds: 29.9, bytesHeld: 0, inFlight: 1))
        #expect(!policy.mayFetch(aheadSeconds: 30, bytesHeld: 0, inFlight: 0))
        #expect(!policy.mayFetch(aheadSeconds: 1, bytesHeld: 60_000_000, inFlight: 0))
        #expect(!policy.mayFetch(aheadSeconds: 1, bytesHeld: 0, inFlight: 2))
        var huge = QueuePolicy()
        huge.maxBufferBytes = 0
        #expect(huge.mayFetch(aheadSeconds: 0, bytesHeld: 10, inFlight: 0), "nothing ahead: fetch even over the byte bound")
    }

    @Test("decoded queues and the device")
    func decoded() {
        let policy = QueuePolicy.standard
        #expect(policy.mayQueueFrame(frames: 5))
        #expect(!policy.mayQueueFrame(frames: 6))
        #expect(policy.mayQueueAudio(seconds: 0.49))
        #expect(!policy.mayQueueAudio(seconds: 0.5))
        #expect(abs(policy.audioToQueue(deviceQueued: 0.03) - 0.07) < 1e-12)
        #expect(policy.audioToQueue(deviceQueued: 0.2) == 0)
    }
}
